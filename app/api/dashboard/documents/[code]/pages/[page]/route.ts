import { readOwnedPageImage } from "@/lib/documents/page-images";
import { ApiError } from "@/lib/errors";
import { withSession } from "@/lib/http/with-session";
import { storedImageResponse } from "@/lib/http/stored-image-response";

/**
 * A page's thumbnail (or, with `?w=page`, its reading image) for the owner's dashboard: the
 * document list, the document's page and its reading funnel. 404 for a page without one yet.
 */
export const GET = withSession<{ code: string; page: string }>({ can: "documents.read" }, async ({ req, access, params }) => {
  const page = /^[1-9]\d{0,5}$/.test(params.page) ? Number(params.page) : 0;
  const variant = new URL(req.url).searchParams.get("w") === "page" ? "page" : "thumb";
  const image = page > 0 ? await readOwnedPageImage(access.teamId, params.code, page, variant) : null;
  if (!image) throw new ApiError("not_found", "This page has no image yet.", { headers: { "Cache-Control": "no-store" } });
  // A page's image never changes; the owner's browser may keep it for a while.
  return storedImageResponse(image, "image/webp", "private, max-age=3600");
});
