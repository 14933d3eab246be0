import { parseShareCode } from "../../documents/short-code";

/**
 * The share page a request path names, read as the router hands the page its params (each
 * segment's percent-escapes decoded: `%61…` is the code `a…`): a code's page `/s/<code>`, or a
 * room document's `/s/<room code>/<document code>` (no route of a share link has a 10-character
 * name). Null for anything else, the viewer's routes (/s/<code>/gate …) among them, which count at
 * their own doors, and for a path a segment of which cannot be decoded, which the router refuses.
 */
export function sharePagePath(pathname: string): { code: string; document: string | null } | null {
  let segments: string[];
  try {
    segments = pathname.split("/").map(decodeURIComponent);
  } catch {
    return null;
  }
  const [root, s, code, document, ...rest] = segments;
  if (root !== "" || s !== "s" || !code || rest.length > 0) return null;
  if (document === undefined) return { code, document: null };
  return parseShareCode(document) ? { code, document } : null;
}
