import { getOpenApiMetadata, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { errorResponse, rateLimitHeaders } from "../http/openapi";
import { z } from "../schemas/zod";
import { refusable } from "../teams/permissions";
import type { ApiOperation, Success } from "./operation";

/** The errors any operation may answer: no key or a bad one, past the rate limit, our own failure. */
const ALWAYS = [401, 429, 500];

function success({ status, description, schema, example, media = "application/json" }: Success): RouteConfig["responses"] {
  const content = schema ? { content: { [media]: { schema, example } } } : {};
  return { [status]: { description, headers: rateLimitHeaders, ...content } };
}

/** What a 404 names: what the operation says it may not find, else what its path's last parameter names. */
function notFoundOf(operation: ApiOperation): string | undefined {
  return operation.notFound ?? Object.values(operation.params ?? {}).at(-1)?.what;
}

/** The operation as the OpenAPI document publishes it; the 403 follows from the permission it needs. */
export function routeConfigOf(operation: ApiOperation): RouteConfig {
  const params = Object.entries(operation.params ?? {}).map(([name, param]) => [name, param.schema] as const);
  const body = operation.body;
  const resource = notFoundOf(operation);
  return {
    method: operation.method.toLowerCase() as RouteConfig["method"],
    path: operation.path,
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description && { description: operation.description }),
    tags: [operation.tag],
    request: {
      ...(params.length > 0 && { params: z.object(Object.fromEntries(params)) }),
      ...(operation.query && { query: operation.query as z.ZodObject }),
      ...(body && {
        body: {
          content: {
            [body.media ?? "application/json"]: { schema: body.schema, example: body.example ?? getOpenApiMetadata(body.schema).example },
          },
          ...(body.required !== false && { required: true }),
        },
      }),
    },
    responses: Object.assign(
      {},
      ...[operation.response, ...(operation.also ?? [])].map(success),
      ...[...ALWAYS, ...(operation.errors ?? [])].map((status) => errorResponse(status)),
      resource ? errorResponse(404, resource) : {},
      refusable(operation.can) ? errorResponse(403) : {},
    ) as RouteConfig["responses"],
  };
}
