import { ApiError } from "./errors";
import { withApiKey } from "./with-api-key";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Marks the 405 handlers, so tooling can tell them from real operations. */
export const NOT_ALLOWED = Symbol.for("pagewise.methodNotAllowed");
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a route does not support: 405 in the error envelope with an Allow
 * header (DECISIONS.md), through the same wrapper as everything else.
 */
export function methodsNotAllowed<const A extends readonly Method[]>(allowed: A) {
  const allow = allowed.join(", ");
  const handler = withApiKey<unknown>(async ({ req }) => {
    throw new ApiError("bad_request", `${req.method} is not allowed here. Allowed: ${allow}.`, 405);
  });
  const wrapped = async (req: Request, context: { params: Promise<unknown> }) => {
    const response = await handler(req, context);
    if (response.status === 405) response.headers.set("Allow", allow);
    return response;
  };
  Object.assign(wrapped, { [NOT_ALLOWED]: true });
  return Object.fromEntries(METHODS.filter((m) => !allowed.includes(m)).map((m) => [m, wrapped])) as Record<
    Exclude<Method, A[number]>,
    typeof wrapped
  >;
}

/** Unknown /api/v1 paths: 404 in the error envelope. */
export const unknownRoute = withApiKey<unknown>(async ({ req }) => {
  throw new ApiError("not_found", `No API route ${req.method} ${new URL(req.url).pathname}. See /api/v1/openapi.json.`);
});
