import { errorBody } from "./errors";

/** Every method any route answers; anything else (TRACE, CONNECT, made-up verbs) is 405 everywhere. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export type EarlyAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * Requests the framework cannot route and would answer with a bare 500: a method no route serves,
 * or a path that is not valid percent-encoding. The server answers them in the error envelope
 * before the framework sees them.
 */
export function unroutableRequest(method: string | undefined, rawUrl: string | undefined): EarlyAnswer | null {
  const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (!SERVED_METHODS.includes((method ?? "") as (typeof SERVED_METHODS)[number])) {
    return {
      status: 405,
      headers: { ...headers, Allow: SERVED_METHODS.join(", ") },
      body: JSON.stringify(errorBody("bad_request", `${method ?? "This"} is not a method this server answers. Allowed: ${SERVED_METHODS.join(", ")}.`)),
    };
  }
  const path = (rawUrl ?? "/").split("?")[0]!;
  try {
    decodeURIComponent(path);
  } catch {
    return {
      status: 400,
      headers,
      body: JSON.stringify(errorBody("bad_request", "The URL path is not valid percent-encoding (a % must be followed by two hex digits forming UTF-8).")),
    };
  }
  return null;
}
