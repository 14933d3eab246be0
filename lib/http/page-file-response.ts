import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { ApiError } from "../errors";
import type { SharedDocument } from "../links/shared-document";
import type { PageFile } from "../storage/document-keys";
import type { Access } from "../viewer/grants/access";
import { layersBeforeGate } from "../viewer/files/layers-before-gate";
import { readablePage } from "../viewer/files/readable-page";
import { readerPageFile } from "../viewer/files/reader-page-file";
import { requireShownVersion } from "../viewer/files/shown-version";
import { readerWatermark } from "../viewer/files/watermark";
import { watermarkTag } from "../viewer/files/watermarked-page-image";
import { storedFileResponse } from "./stored-file-response";

const NOT_CACHED = { "Cache-Control": "no-store" };

/** Which image `?w=` names: the 1280 px one when unsaid, as before widths were offered. */
export function pageImageVariant(asked: string | null): Exclude<PageFile, "layers"> {
  switch (asked) {
    case null:
    case "1280":
      return "page";
    case "640":
      return "w640";
    case "2048":
      return "w2048";
    case "3072":
      return "w3072";
    case "thumb":
      return "thumb";
    default:
      throw new ApiError("bad_request", "w must be 640, 1280, 2048, 3072 or thumb.", { headers: NOT_CACHED });
  }
}

/**
 * One stored file of a page (an image or its layers) under the same doors and grants as the PDF
 * (`readablePage` decides which page it may be), of the version the viewer shows (`?version=`, 410
 * once another is current), drawn on request when it is not there yet. Cached only privately and
 * revalidated on every use (`no-cache` with an ETag), so a withdrawn grant withdraws the file too.
 * A reader's watermark is drawn into an image's pixels (`readerPageImage`); a reader before the gate
 * gets the layers without their links out (`layersBeforeGate`).
 */
export async function pageFileResponse(
  req: Request,
  { doc, access, address }: { doc: SharedDocument; access: Access; address: string },
  askedPage: string,
  file: PageFile,
): Promise<Response> {
  requireShownVersion(doc, new URL(req.url).searchParams.get("version"));
  const page = readablePage(doc, access, askedPage);
  const watermark = file === "layers" ? null : readerWatermark(doc, access, address);
  const linksOutHeld = file === "layers" && !access.gatePassed;
  // A version's files differ from another's, one reader's mark from another's, layers before the gate from after: all are part of the tag.
  const etag = `"${doc.id}-v${doc.version}-${page}-${file}${watermarkTag(watermark)}${linksOutHeld ? "-gated" : ""}"`;
  const headers = { ETag: etag, "Cross-Origin-Resource-Policy": "same-origin" };
  if (req.headers.get("if-none-match") === etag) {
    return new Response(null, {
      status: 304,
      headers: { ...headers, "Cache-Control": "private, no-cache", "X-Content-Type-Options": "nosniff" },
    });
  }
  const stored = await readerPageFile(doc, page, file, watermark, address);
  if (!stored) throw new ApiError("not_found", `This page has no ${file === "layers" ? "layers" : "image"} yet.`, { headers: NOT_CACHED });
  if (linksOutHeld) {
    const layers = layersBeforeGate(await buffer(stored.body));
    return storedFileResponse({ body: Readable.from(layers), size: layers.length }, "application/json", "private, no-cache", headers);
  }
  return storedFileResponse(stored, file === "layers" ? "application/json" : "image/webp", "private, no-cache", headers);
}
