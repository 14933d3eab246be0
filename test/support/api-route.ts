import { expect } from "vitest";
import * as catchAll from "../../app/api/v1/[...path]/route";
import { openApiDocument } from "../../lib/contract/openapi-document";
import { contractChecker } from "./api-contract";

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** An answer's JSON, read by tests field by field. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * The handlers of one path of the registry (`/api/v1/documents/{short_code}`), reached as a request
 * for it is: through the catch-all route, with the call's parameters in place of the template's,
 * each one path segment as Next hands them (decoded, a `/` inside kept).
 */
export function routeAt(template: string): Record<ApiMethod, Handler> {
  const at =
    (method: ApiMethod): Handler =>
    async (req, context) => {
      const params = await context.params;
      const path = template
        .replace(/^\/api\/v1\/?/, "")
        .split("/")
        .map((segment) => segment.replace(/^\{([^}]+)\}$/, (_, name: string) => params[name] ?? ""));
      return catchAll[method](req, { params: Promise.resolve({ path }) });
    };
  return { GET: at("GET"), POST: at("POST"), PUT: at("PUT"), PATCH: at("PATCH"), DELETE: at("DELETE"), OPTIONS: at("OPTIONS") };
}

let contract: ReturnType<typeof contractChecker> | undefined;

/**
 * Calls an /api/v1 route handler as a client would, with a bearer key and a JSON body (or `raw`
 * text), and checks the answer, errors too, against the OpenAPI document. Vitest only.
 */
export async function callApiRoute(
  handler: unknown,
  request: { key: string; path: string; params?: Record<string, string>; method?: string; body?: unknown; raw?: string },
): Promise<{ status: number; headers: Headers; body: Json | null }> {
  const method = request.method ?? "GET";
  const req = new Request(`http://localhost:3000${request.path}`, {
    method,
    headers: { Authorization: `Bearer ${request.key}`, "Content-Type": "application/json" },
    ...(request.raw !== undefined ? { body: request.raw } : request.body !== undefined && { body: JSON.stringify(request.body) }),
  });
  const response = await (handler as Handler)(req, { params: Promise.resolve(request.params ?? {}) });
  const text = await response.text();
  contract ??= contractChecker(openApiDocument());
  expect(() =>
    contract!({ method, path: request.path, status: response.status, headers: Object.fromEntries(response.headers), body: text }),
  ).not.toThrow();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Json) : null };
}
