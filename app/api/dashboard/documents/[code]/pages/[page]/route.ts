import { readOwnedPageImage } from "@/lib/documents/page-images";
import { ApiError } from "@/lib/errors";
import { withSession } from "@/lib/http/with-session";
import { storedFileResponse } from "@/lib/http/stored-file-response";

/**
 * A page's thumbnail (or, with `?w=page`, its reading image) for the owner's dashboard: the
 * document list, the document's page and its reading funnel. 404 for a page without one yet.
 */
export const GET = withSession<{ code: string; page: string }>({ can: "documents.read" }, async ({ req, access, params }) => {
  const query = new URL(req.url).searchParams;
  const page = /^[1-9]\d{0,5}$/.test(params.page) ? Number(params.page) : 0;
  const variant = query.get("w") === "page" ? "page" : "thumb";
  const { image, version } = page > 0 ? await readOwnedPageImage(access.teamId, params.code, page, variant) : { image: null, version: 0 };
  if (!image) throw new ApiError("not_found", "This page has no image yet.", { headers: { "Cache-Control": "no-store" } });
  // A new version changes a page's picture under the same URL path; the dashboard's URLs name the
  // version (`?v=`), and only an image asked for by its current version may be kept for a while.
  const cache = query.get("v") === String(version) ? "private, max-age=3600" : "no-store";
  return storedFileResponse(image, "image/webp", cache);
});
