import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { DEFAULT_MAX_UPLOAD_MB } from "../config";
import { RATE_LIMIT } from "../rate-limit";
import { errorSchema } from "../schemas/common";
import { z } from "../schemas/zod";

/**
 * What every operation of the OpenAPI 3.1 document shares (the rate-limit headers, the error
 * envelope and an example per status) and the document's frame: its information, server, security
 * and tags. The operations themselves are lib/contract's registry (lib/contract/openapi-document.ts).
 */

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "bad_request: invalid parameters or file type",
  401: "unauthorized: missing or invalid API key",
  403: "forbidden: the role of the key's maker in its team does not allow this, or the key is read-only",
  404: "not_found: no such resource in this account",
  405: "bad_request: method not allowed (see the Allow header)",
  413: `payload_too_large: the upload exceeds MAX_UPLOAD_MB (${DEFAULT_MAX_UPLOAD_MB} MB unless configured)`,
  422: "validation_error: an invalid field value",
  429: `rate_limited: more than ${RATE_LIMIT} requests this minute (see Retry-After)`,
  500: "internal_error: server error",
};

type ErrorBody = z.output<typeof errorSchema>;

/** One example per status, in docs/api-contract.md's envelope; a 404's names what was not found. */
const ERROR_EXAMPLES: Record<number, ErrorBody> = {
  400: { error: { code: "bad_request", message: 'per_page must be an integer from 1 to 100 (got "500")' } },
  401: { error: { code: "unauthorized", message: "Missing API key. Send it as: Authorization: Bearer <API_KEY>." } },
  403: { error: { code: "forbidden", message: "Your role in this team does not allow this." } },
  413: { error: { code: "payload_too_large", message: `The file is larger than the ${DEFAULT_MAX_UPLOAD_MB} MB upload limit.` } },
  422: {
    error: { code: "validation_error", message: "gate_page must be at least 1", fields: { gate_page: "gate_page must be at least 1" } },
  },
  429: { error: { code: "rate_limited", message: `Rate limit of ${RATE_LIMIT} requests per minute exceeded. Retry in 12 s.` } },
  500: { error: { code: "internal_error", message: "Something went wrong on our side. Request id: 3f2a9c1e" } },
};

export const rateLimitHeaders = z.object({
  "X-RateLimit-Limit": z.string().openapi({ description: `Requests allowed per window (${RATE_LIMIT})`, example: String(RATE_LIMIT) }),
  "X-RateLimit-Remaining": z.string().openapi({ description: "Requests left in the current window", example: "97" }),
  "X-RateLimit-Reset": z.string().openapi({ description: "Unix time at which the window resets", example: "1768469460" }),
});

/** An error answer in the envelope; `resource` names what a 404 did not find. */
export function errorResponse(status: number, resource?: string): RouteConfig["responses"] {
  const example: ErrorBody | undefined =
    status === 404 ? { error: { code: "not_found", message: `${resource ?? "Resource"} not found` } } : ERROR_EXAMPLES[status];
  return {
    [status]: {
      description: ERROR_DESCRIPTIONS[status]!,
      headers: rateLimitHeaders,
      content: { "application/json": { schema: errorSchema, example } },
    },
  };
}

/** The document's top-level parts besides its information, servers and security. */
export type OpenApiParts = {
  operations: readonly RouteConfig[];
  webhooks: readonly RouteConfig[];
  tags: readonly { name: string; description: string }[];
};

/** `baseUrl`: the server's default address (generation at install time reads no configuration). */
export function openApiDocumentOf(parts: OpenApiParts, baseUrl: string) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key from Settings → API keys: `Authorization: Bearer pw_live_…`",
  });
  for (const operation of parts.operations) registry.registerPath(operation);
  for (const webhook of parts.webhooks) registry.registerWebhook(webhook);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Pagewise API",
      version: "1.0.0",
      description:
        "Share PDFs behind a link and read who engaged with them. Authenticate with `Authorization: Bearer <API_KEY>`. " +
        `Every response carries X-RateLimit-* headers (${RATE_LIMIT} requests per minute per key). ` +
        'Errors are `{ "error": { "code", "message" } }`.',
      // No licence is chosen yet (docs/decisions.md, "OpenAPI for generators"); the owner sets the real one.
      license: { name: "Proprietary", identifier: "LicenseRef-Pagewise-Proprietary" },
    },
    // Each deployment serves its own copy: a client generated from one can be pointed at another.
    servers: [
      {
        url: "{base_url}",
        description: "This Pagewise server",
        variables: { base_url: { default: baseUrl, description: "Where Pagewise is served (its APP_URL)" } },
      },
    ],
    security: [{ [bearer.name]: [] }],
    tags: [...parts.tags],
  });
}
