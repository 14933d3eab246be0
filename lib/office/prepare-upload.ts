import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import { ApiError } from "../errors";
import { convertWithLibreOffice } from "./convert-with-libreoffice";
import { imageToPdf } from "./image-to-pdf";
import { LIBREOFFICE_PACKAGES, libreOfficeBinary } from "./libreoffice-binary";
import { sniffUpload, type SniffedFile } from "./sniff-upload";
import { acceptedKinds, describeKinds, UPLOAD_KINDS, type UploadKind } from "./upload-types";

/** A ZIP may unpack to at most this many times its size: office files are a few times to a few dozen. */
const MAX_ZIP_RATIO = 100;

export type PreparedUpload = {
  /** The PDF the pipeline reads: the upload itself, or what it was converted to. */
  pdf: { path: string; size: number };
  /** The kind uploaded when it is not a PDF; its original is kept beside the PDF under this extension. */
  sourceType: Exclude<UploadKind, "pdf"> | null;
  /** Removes a converted PDF; safe to call more than once. */
  cleanup: () => Promise<void>;
};

/** The kinds this server takes now: office files only while LibreOffice is there. */
export const uploadKindsTaken = () => acceptedKinds(libreOfficeBinary() !== null);

/**
 * What an upload is (by its bytes, `sniffUpload`) and the PDF made of it: a PDF as it is, an image
 * drawn on one page, an office file converted by LibreOffice. Without LibreOffice an office file is
 * refused with how to enable it. Every refusal is 400 `bad_request` and leaves nothing behind.
 */
export async function prepareUpload(file: SniffedFile): Promise<PreparedUpload> {
  // A pipe can be read once only: it is handed to the PDF worker as it is (as tests hold a worker with one).
  if (!(await stat(file.path)).isFile())
    return { pdf: { path: file.path, size: file.size }, sourceType: null, cleanup: async () => undefined };
  const settings = config();
  const binary = libreOfficeBinary();
  const kind = await sniffUpload(
    file,
    { maxUncompressedBytes: settings.OFFICE_MAX_UNCOMPRESSED_MB * 1024 * 1024, maxRatio: MAX_ZIP_RATIO },
    describeKinds(acceptedKinds(binary !== null)),
  );
  if (kind === "pdf") return { pdf: { path: file.path, size: file.size }, sourceType: null, cleanup: async () => undefined };
  if (kind === "png" || kind === "jpg") {
    const root = path.join(settings.DATA_DIR, "tmp", "office");
    await mkdir(root, { recursive: true });
    const dir = await mkdtemp(path.join(root, "image-"));
    const cleanup = () => rm(dir, { recursive: true, force: true });
    try {
      const output = path.join(dir, "image.pdf");
      await imageToPdf(file.path, kind, output);
      return { pdf: { path: output, size: (await stat(output)).size }, sourceType: kind, cleanup };
    } catch (error) {
      await cleanup();
      throw error;
    }
  }
  if (!binary) {
    throw new ApiError(
      "bad_request",
      `This server cannot convert ${UPLOAD_KINDS[kind].extensions[0]} files: LibreOffice is not installed${settings.LIBREOFFICE_PATH ? ` at LIBREOFFICE_PATH (${settings.LIBREOFFICE_PATH})` : ""}. To enable office files, install it (Debian: apt-get install --no-install-recommends ${LIBREOFFICE_PACKAGES}) or set LIBREOFFICE_PATH; until then, export the file as PDF and upload that.`,
    );
  }
  const converted = await convertWithLibreOffice(binary, file.path, UPLOAD_KINDS[kind].extensions[0]!, {
    timeoutSeconds: settings.OFFICE_CONVERSION_TIMEOUT_SECONDS,
    memoryMb: settings.OFFICE_CONVERSION_MEMORY_MB,
    outputMb: settings.OFFICE_CONVERSION_OUTPUT_MB,
  });
  return { pdf: { path: converted.pdf, size: (await stat(converted.pdf)).size }, sourceType: kind, cleanup: converted.cleanup };
}
