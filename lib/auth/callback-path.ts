const ORIGIN = "http://pagewise.invalid";

/**
 * Where to go after signing in: a path on this site (`/documents/abc?period=7d`), or undefined.
 * Anything that could leave the site (`//evil.example`, `/\evil.example`, `https://…`, control
 * characters browsers strip) is refused.
 */
export function safeCallbackPath(raw: unknown): string | undefined {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.length > 2000) return undefined;
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Set by proxy.ts on dashboard requests: the path and query asked for, to come back to after signing in. */
export const REQUESTED_PATH_HEADER = "x-pagewise-requested-path";

/** The sign-in page, remembering where to return when that is a page on this site. */
export function signInPath(returnTo: string | null | undefined): string {
  const path = safeCallbackPath(returnTo);
  return path ? `/sign-in?callbackUrl=${encodeURIComponent(path)}` : "/sign-in";
}
