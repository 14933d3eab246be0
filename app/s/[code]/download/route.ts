import { Readable } from "node:stream";
import { CONTENT_LENGTH_HEADER } from "@/lib/server-headers";
import { isbot } from "isbot";
import { storage } from "@/lib/storage";
import { findPublicDocument } from "@/lib/viewer/find-public-document";
import { recordDownload } from "@/lib/viewer/record-download";
import { browserId, viewerAccess } from "@/lib/viewer/request-context";

/** The original file as an attachment, only when downloads are allowed and every gate is passed. */
export async function GET(req: Request, { params }: { params: Promise<{ code: string }> }) {
  const found = await findPublicDocument((await params).code);
  if (found.state !== "active") return new Response(null, { status: found.state === "gone" ? 410 : 404 });
  const { doc } = found;
  const access = await viewerAccess(doc);
  if (!access.canDownload) {
    const reason = !doc.allowDownload ? "Downloads are turned off for this document." : "Unlock the document before downloading it.";
    return new Response(reason, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const object = await storage().get(doc.storageKey);
  if (!object) return new Response(null, { status: 404 });
  if (!isbot(req.headers.get("user-agent"))) await recordDownload(doc, access, await browserId());
  const filename = doc.originalFilename.replace(/[^\w.\- ]+/g, "_") || "document.pdf";
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/pdf",
      [CONTENT_LENGTH_HEADER]: String(object.size),
      "Content-Disposition": `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(doc.originalFilename)}`,
      // no-transform: the server must not gzip it, or Content-Length and byte ranges are lost.
    "Cache-Control": "private, no-store, no-transform",
    },
  });
}
