import { withShareLink } from "@/lib/http/with-share-link";
import { pageFileResponse, pageImageVariant } from "@/lib/http/page-file-response";

type RouteContext = { params: Promise<{ code: string; page: string }> };

/** A page as a server-rendered WebP image, `?w=640|1280|2048|3072` wide (1280 when unsaid) or `?w=thumb` (lib/http/page-file-response.ts). */
export function GET(req: Request, context: RouteContext): Promise<Response> {
  return withShareLink("file", async (viewer) =>
    pageFileResponse(req, viewer, (await context.params).page, pageImageVariant(new URL(req.url).searchParams.get("w"))),
  )(req, context);
}
