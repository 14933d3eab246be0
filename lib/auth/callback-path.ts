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
