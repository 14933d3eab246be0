import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * What the request being served is, filled in as it becomes known (the route's template, the team),
 * for its log line and metrics. On globalThis: the server creates it and Next's bundled routes add to it.
 */
export type RequestContext = { requestId: string; route?: string; teamId?: string };

const globalForRequests = globalThis as unknown as { pagewiseRequests?: AsyncLocalStorage<RequestContext> };
const storage = (globalForRequests.pagewiseRequests ??= new AsyncLocalStorage<RequestContext>());

export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** The route template serving this request, such as `/api/v1/documents/{short_code}` (never the path itself). */
export function noteRoute(template: string): void {
  const context = storage.getStore();
  if (context) context.route = template;
}

/** The id the request is logged under and answered with (X-Request-Id); a fresh one outside a served request (a test calling a route). */
export function requestIdOf(): string {
  return storage.getStore()?.requestId ?? randomUUID();
}

export function noteTeam(teamId: string): void {
  const context = storage.getStore();
  if (context) context.teamId = teamId;
}
