import { expect } from "vitest";
import { openApiDocument } from "../../lib/contract/openapi-document";
import { contractChecker } from "./api-contract";

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** An answer's JSON, read by tests field by field. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

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
