import { readPageImage } from "@/lib/documents/page-images";
import { pageImageKey } from "@/lib/storage/document-keys";
import { ApiError } from "@/lib/errors";
import { withShareLink } from "@/lib/http/with-share-link";
import { readablePage } from "@/lib/viewer/readable-page";
import { readerWatermark } from "@/lib/viewer/watermark";
import { readerPageImage, watermarkTag } from "@/lib/viewer/watermarked-page-image";
import { requireShownVersion } from "@/lib/viewer/shown-version";
import { storedImageResponse } from "@/lib/http/stored-image-response";

type RouteContext = { params: Promise<{ code: string; page: string }> };

const NOT_CACHED = { "Cache-Control": "no-store" };

/**
 * A page as a server-rendered image (`?w=thumb` for the small one), under the same doors and grants
 * as the file (`readablePage` decides which page it may be), of the version the viewer shows
 * (`?version=`, 410 once another is current). Cached only
 * privately and revalidated on every use (`no-cache` with an ETag), so a withdrawn grant withdraws
 * the image too. A reader's watermark is drawn into the image's pixels (`readerPageImage`).
 */
export function GET(req: Request, context: RouteContext): Promise<Response> {
  return withShareLink("file", async ({ doc, access, address }) => {
    const params = new URL(req.url).searchParams;
    requireShownVersion(doc, params.get("version"));
    const page = readablePage(doc, access, (await context.params).page);
    const variant = params.get("w") === "thumb" ? "thumb" : "page";
    const watermark = readerWatermark(doc, access, address);
    // A version's images differ from another's, and one reader's mark from another's: both are part of the tag.
    const etag = `"${doc.id}-v${doc.version}-${page}-${variant}${watermarkTag(watermark)}"`;
    const headers = { ETag: etag, "Cross-Origin-Resource-Policy": "same-origin" };
    if (req.headers.get("if-none-match") === etag) {
      return new Response(null, {
        status: 304,
        headers: { ...headers, "Cache-Control": "private, no-cache", "X-Content-Type-Options": "nosniff" },
      });
    }
    const image = await readerPageImage(pageImageKey(doc.storageKey, page, variant), watermark, () => readPageImage(doc, page, variant));
    if (!image) throw new ApiError("not_found", "This page has no image yet.", { headers: NOT_CACHED });
    return storedImageResponse(image, "image/webp", "private, no-cache", headers);
  })(req, context);
}
