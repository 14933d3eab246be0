import { ApiError } from "../errors";
import { withApiKey } from "./with-api-key";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Marks the 405 handlers, so tooling can tell them from real operations. */
export const NOT_ALLOWED = Symbol.for("pagewise.methodNotAllowed");
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a route does not support: 405 in the error envelope with an Allow
 * header (docs/contract-decisions.md), through the same wrapper as everything else; and OPTIONS, answered 204
 * with the methods that really work and the rate-limit headers.
 */
export function methodsNotAllowed<const A extends readonly Method[]>(allowed: A, options: { public?: boolean } = {}) {
  const allow = [...allowed, ...(allowed.includes("GET" as A[number]) ? ["HEAD"] : []), "OPTIONS"].join(", ");
  // Any member's key may learn which methods a path allows.
  const handler = withApiKey<unknown>(options.public ? { public: true } : { can: "team.read" }, async ({ req }) => {
    throw new ApiError("bad_request", `${req.method} is not allowed here. Allowed: ${allow}.`, { status: 405, headers: { Allow: allow } });
  });
  Object.assign(handler, { [NOT_ALLOWED]: true });
  const OPTIONS = withApiKey<unknown>({ public: true }, async () => new Response(null, { status: 204, headers: { Allow: allow } }));
  return {
    ...(Object.fromEntries(METHODS.filter((m) => !allowed.includes(m)).map((m) => [m, handler])) as Record<
      Exclude<Method, A[number]>,
      typeof handler
    >),
    OPTIONS,
  };
}

/** Unknown /api/v1 paths: 404 in the error envelope. */
export const unknownRoute = withApiKey<unknown>({ can: "team.read" }, async ({ req }) => {
  throw new ApiError("not_found", `No API route ${req.method} ${new URL(req.url).pathname}. See /api/v1/openapi.json.`);
});

/** Every method of a path that is no operation (`/api/v1` itself and any unknown path): all 404. */
export const unknownRoutes = {
  GET: unknownRoute,
  POST: unknownRoute,
  PUT: unknownRoute,
  PATCH: unknownRoute,
  DELETE: unknownRoute,
  OPTIONS: unknownRoute,
};
