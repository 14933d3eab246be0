import { Readable } from "node:stream";
import { readPageImage } from "@/lib/documents/page-images";
import { ApiError } from "@/lib/errors";
import { withShareLink } from "@/lib/http/with-share-link";
import { readablePage } from "@/lib/viewer/readable-page";
import { CONTENT_LENGTH_HEADER } from "@/lib/request/server-headers";

type RouteContext = { params: Promise<{ code: string; page: string }> };

const NOT_CACHED = { "Cache-Control": "no-store" };

/**
 * A page as a server-rendered image (`?w=thumb` for the small one), under the same doors and grants
 * as the file (`readablePage` decides which page it may be). Cached only
 * privately and revalidated on every use (`no-cache` with an ETag), so a withdrawn grant withdraws
 * the image too.
 */
export function GET(req: Request, context: RouteContext): Promise<Response> {
  return withShareLink("file", async ({ doc, access }) => {
    const page = readablePage(doc, access, (await context.params).page);
    const variant = new URL(req.url).searchParams.get("w") === "thumb" ? "thumb" : "page";
    const headers = {
      "Cache-Control": "private, no-cache",
      ETag: `"${doc.id}-${page}-${variant}"`,
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    };
    if (req.headers.get("if-none-match") === headers.ETag) return new Response(null, { status: 304, headers });
    const image = await readPageImage(doc, page, variant);
    if (!image) throw new ApiError("not_found", "This page has no image yet.", { headers: NOT_CACHED });
    return new Response(Readable.toWeb(image.body) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: { ...headers, "Content-Type": "image/webp", [CONTENT_LENGTH_HEADER]: String(image.size) },
    });
  })(req, context);
}
