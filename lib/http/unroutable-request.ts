import { errorBody } from "../schemas/common";

/** Every method any route answers; anything else (TRACE, CONNECT, made-up verbs) is 405 everywhere. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export type EarlyAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * Requests the framework cannot route and would answer with a bare 500: a method no route serves,
 * or a path that is not valid percent-encoding. The server answers them in the error envelope
 * before the framework sees them.
 */
export function unroutableRequest(method: string | undefined, rawUrl: string | undefined, serverAction = false): EarlyAnswer | null {
  const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (!SERVED_METHODS.includes((method ?? "") as (typeof SERVED_METHODS)[number])) {
    return {
      status: 405,
      headers: { ...headers, Allow: SERVED_METHODS.join(", ") },
      body: JSON.stringify(
        errorBody("bad_request", `${method ?? "This"} is not a method this server answers. Allowed: ${SERVED_METHODS.join(", ")}.`),
      ),
    };
  }
  const path = (rawUrl ?? "/").split("?")[0]!;
  try {
    decodeURIComponent(path);
  } catch {
    return {
      status: 400,
      headers,
      body: JSON.stringify(
        errorBody("bad_request", "The URL path is not valid percent-encoding (a % must be followed by two hex digits forming UTF-8)."),
      ),
    };
  }
  // Pages answer GET; other methods reach a page only as a server action (the dashboard's forms).
  const routeHandler = path.startsWith("/api/") || /^\/s\/[^/]+\/[^/]+/.test(path);
  if (!routeHandler && !serverAction && !["GET", "HEAD", "OPTIONS"].includes(method ?? "")) {
    return {
      status: 405,
      headers: { ...headers, Allow: "GET, HEAD" },
      body: JSON.stringify(errorBody("bad_request", `${method} is not allowed on a page. Allowed: GET, HEAD.`)),
    };
  }
  return null;
}

/**
 * API paths with a trailing or doubled slash are served as their canonical path, not redirected:
 * a redirect would skip the API's envelope and rate-limit headers, and API clients rarely follow
 * a 308 for a POST with a body.
 */
export function canonicalApiUrl(rawUrl: string): string {
  const queryAt = rawUrl.indexOf("?");
  const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  if (!path.startsWith("/api/v1") && !path.startsWith("//")) return rawUrl;
  const canonical = path.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  if (!canonical.startsWith("/api/v1")) return rawUrl;
  return canonical + (queryAt < 0 ? "" : rawUrl.slice(queryAt));
}
