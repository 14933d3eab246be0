import { Readable } from "node:stream";
import { ApiError } from "@/lib/errors";
import { CONTENT_LENGTH_HEADER } from "@/lib/request/server-headers";
import { storage } from "@/lib/storage";
import { parseByteRange } from "@/lib/viewer/files/byte-range";
import { readableFileKey } from "@/lib/viewer/files/readable-file-key";
import { requireShownVersion } from "@/lib/viewer/files/shown-version";
import { withShareLink } from "@/lib/http/with-share-link";

/**
 * The PDF a browser may read (`?v=full` or `?v=preview`, `readableFileKey` decides), of the version
 * the viewer shows (`?version=`, 410 once another is current). Answers Range requests, so pdf.js
 * can load the first pages of a large file without downloading all of it.
 */
export const GET = withShareLink("file", async ({ req, doc, access }) => {
  const params = new URL(req.url).searchParams;
  requireShownVersion(doc, params.get("version"));
  const key = readableFileKey(doc, access, params.get("v"));

  const size = await storage().size(key);
  if (size === null) throw new ApiError("not_found", "The file is missing.");
  const range = parseByteRange(req.headers.get("range"), size);
  const headers: Record<string, string> = {
    "Content-Type": "application/pdf",
    "Accept-Ranges": "bytes",
    // no-transform: the server must not gzip it, or Content-Length and byte ranges are lost.
    "Cache-Control": "private, no-store, no-transform",
    "Content-Disposition": "inline",
    "X-Content-Type-Options": "nosniff",
  };
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  const object = await storage().get(key, range ?? undefined);
  if (!object) throw new ApiError("not_found", "The file is missing.");
  const body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
  if (range) {
    return new Response(body, {
      status: 206,
      headers: {
        ...headers,
        "Content-Range": `bytes ${range.start}-${range.end}/${size}`,
        [CONTENT_LENGTH_HEADER]: String(range.end - range.start + 1),
      },
    });
  }
  return new Response(body, { status: 200, headers: { ...headers, [CONTENT_LENGTH_HEADER]: String(size) } });
});
