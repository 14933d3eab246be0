import { withShareLink } from "@/lib/http/with-share-link";
import { pageFileResponse } from "@/lib/http/page-file-response";

type RouteContext = { params: Promise<{ code: string; page: string }> };

/** A page's text runs and links as JSON, laid over its image by the viewer (lib/pdf/page-layers.ts), behind the image's doors. */
export function GET(req: Request, context: RouteContext): Promise<Response> {
  return withShareLink("file", async (viewer) => pageFileResponse(req, viewer, (await context.params).page, "layers"))(req, context);
}
