import { parseJsonBody, parseQuery } from "../http/parse";
import { METHODS, methodsNotAllowed } from "../http/route-fallbacks";
import { withApiKey } from "../http/with-api-key";
import { type ApiOperation, type Call, type Method, replyOf, resolveParams } from "./operation";

type RouteHandler = ReturnType<typeof withApiKey<Record<string, string>>>;

/** One operation over HTTP: the key and its permission, the path, the query, the body when asked, then the answer. */
function handlerOf(operation: ApiOperation): RouteHandler {
  return withApiKey<Record<string, string>>({ can: operation.can }, async ({ req, access, params }) => {
    const call: Call = {
      access,
      params: await resolveParams(operation, access, (name) => params[name] ?? ""),
      query: operation.query ? parseQuery(operation.query, req) : undefined,
      body: async () => (operation.body ? parseJsonBody(operation.body.schema, req) : undefined),
      given: (name) => new URL(req.url).searchParams.get(name) || undefined,
    };
    if (operation.serve) return operation.serve(call, req);
    return replyOf(operation, await operation.handle!(call));
  });
}

/**
 * A route file's exports for one path: each registered operation's handler, and for every other
 * method the 405 (and OPTIONS' 204) that lists the methods served, in the usual order.
 */
export function routeOf(operations: readonly ApiOperation[], path: string): Record<Method | "OPTIONS", RouteHandler> {
  const here = operations.filter((operation) => operation.path === path);
  if (here.length === 0) throw new Error(`No operation is registered for ${path}`);
  const served = METHODS.filter((method) => here.some((operation) => operation.method === method));
  return {
    ...methodsNotAllowed(served),
    ...Object.fromEntries(here.map((operation) => [operation.method, handlerOf(operation)])),
  } as Record<Method | "OPTIONS", RouteHandler>;
}
