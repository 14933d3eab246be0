import { METHODS, unknownRoute } from "../http/route-fallbacks";
import { noteRoute } from "../log/request-context";
import type { ApiOperation, Method } from "./operation";
import { OPERATIONS } from "./registry";
import { routeOf } from "./route-of";

type ServedMethod = Method | "OPTIONS";
type RouteHandler = ReturnType<typeof routeOf>[ServedMethod];
/** What Next gives a catch-all's handler: the path after /api/v1, split on `/`, each segment decoded once. */
type CatchAllContext = { params: Promise<{ path?: string[] }> };
type CatchAllHandler = (req: Request, context: CatchAllContext) => Promise<Response>;

const PREFIX = "/api/v1/";

/** One path of the registry: its template's segments and what each method answers there (405s included). */
export type Route = { template: string; segments: string[]; handlers: Record<ServedMethod, RouteHandler> };

export function routesOf(operations: readonly ApiOperation[]): Route[] {
  return [...new Set(operations.map((operation) => operation.path))].map((template) => ({
    template,
    segments: template.slice(PREFIX.length).split("/"),
    handlers: routeOf(operations, template),
  }));
}

const parameterName = (segment: string) => /^\{([^}]+)\}$/.exec(segment)?.[1];

/**
 * The route a path's segments (as Next hands a catch-all: split on `/`, each decoded once) are, and
 * its parameters: a `{param}` takes exactly one non-empty segment, a literal only itself. Where two
 * templates match, the one with more literal segments wins, as Next prefers a static folder to a
 * dynamic one.
 */
export function matchRoute(routes: readonly Route[], path: readonly string[]): { route: Route; params: Record<string, string> } | null {
  let best: { route: Route; params: Record<string, string>; literals: number } | null = null;
  for (const route of routes) {
    if (route.segments.length !== path.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const matches = route.segments.every((segment, index) => {
      const given = path[index]!;
      const name = parameterName(segment);
      if (name !== undefined) params[name] = given;
      else literals += 1;
      return name === undefined ? segment === given : given !== "";
    });
    if (matches && (!best || literals > best.literals)) best = { route, params, literals };
  }
  return best && { route: best.route, params: best.params };
}

/**
 * The exports of `app/api/v1/[...path]/route.ts`: every registry operation served at its path, the
 * 405 with its Allow header and OPTIONS' 204 for a known path's other methods, and the unknown-route
 * 404 for any other path. HEAD reaches GET's handler, as Next gives it to a route's GET.
 */
export function apiRouter(operations: readonly ApiOperation[] = OPERATIONS): Record<ServedMethod, CatchAllHandler> {
  const routes = routesOf(operations);
  const dispatch =
    (method: ServedMethod): CatchAllHandler =>
    async (req, context) => {
      const { path = [] } = await context.params;
      const found = matchRoute(routes, path);
      if (!found) return unknownRoute(req, { params: Promise.resolve({}) });
      noteRoute(found.route.template);
      return found.route.handlers[method](req, { params: Promise.resolve(found.params) });
    };
  return Object.fromEntries([...METHODS, "OPTIONS" as const].map((method) => [method, dispatch(method)])) as Record<
    ServedMethod,
    CatchAllHandler
  >;
}
