import { Readable } from "node:stream";
import { downloadDisposition } from "@/lib/documents/download-name";
import { CONTENT_LENGTH_HEADER } from "@/lib/request/server-headers";
import { downloadableFile } from "@/lib/viewer/files/downloadable-file";
import { browserId } from "@/lib/http/viewer-request-context";
import { withShareLink } from "@/lib/http/with-share-link";

/** The document as an attachment, as `downloadableFile` decides (the PDF, a watermarked copy, or the office file or image uploaded). */
export const GET = withShareLink("download", async ({ req, doc, access, address, mayAddViewer }) => {
  const object = await downloadableFile(doc, access, { address, userAgent: req.headers.get("user-agent"), browserId, mayAddViewer });
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": object.contentType,
      [CONTENT_LENGTH_HEADER]: String(object.size),
      "Content-Disposition": downloadDisposition(doc.title, object.extension),
      // no-transform: the server must not gzip it, or Content-Length and byte ranges are lost.
      "Cache-Control": "private, no-store, no-transform",
    },
  });
});
