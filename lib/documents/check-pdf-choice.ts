import { describeKinds, extensionOf, kindNamedBy, UPLOAD_KINDS, type UploadKind } from "../office/upload-types";

/** Every PDF starts with these bytes; the server refuses anything else (lib/pdf/inspect-pdf.ts). */
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** How many of a file's first bytes pdfChoiceProblem reads. */
export const PDF_HEADER_LENGTH = PDF_HEADER.length;

const PDF_TYPES = ["application/pdf", "application/x-pdf"];

/** What a browser tells of a file picked or dropped. */
export type PickedFile = { name: string; type: string; size: number };

/** The kind a picked file says it is, by its name or else its MIME type, when the server takes it; null otherwise. */
export function pickedKind(file: Pick<PickedFile, "name" | "type">, kinds: readonly UploadKind[]): UploadKind | null {
  const kind =
    kindNamedBy(extensionOf(file.name)) ??
    (PDF_TYPES.includes(file.type)
      ? "pdf"
      : ((Object.keys(UPLOAD_KINDS) as UploadKind[]).find((k) => UPLOAD_KINDS[k].mime === file.type) ?? null));
  return kind && kinds.includes(kind) ? kind : null;
}

/**
 * Why a picked file cannot be uploaded, in the uploader's words, or null when it may go: checked
 * when the file is picked, from its type, size and first bytes, so a wrong file is refused before
 * the form is filled in. `kinds` are the types the server takes (office files only where it can
 * convert them); a PDF's first bytes are checked here, any other kind's by the server, which
 * checks the whole file again.
 */
export function pdfChoiceProblem(file: PickedFile, head: Uint8Array, maxMb: number, kinds: readonly UploadKind[] = ["pdf"]): string | null {
  const kind = pickedKind(file, kinds);
  if (!kind) {
    return kinds.length === 1
      ? `${file.name} is not a PDF. Choose a .pdf file.`
      : `${file.name} is not a type this server takes. Choose a file of these: ${describeKinds(kinds)}.`;
  }
  if (file.size === 0) return `${file.name} is empty. Choose a PDF with pages in it.`;
  if (file.size > maxMb * 1024 * 1024) return `${file.name} is ${formatBytes(file.size)}; the limit is ${maxMb} MB.`;
  if (kind === "pdf" && !PDF_HEADER.every((byte, i) => head[i] === byte)) {
    return `${file.name} is not a PDF inside, whatever its name says (it does not start with %PDF-). Choose a real PDF.`;
  }
  return null;
}

/** A size as the upload form shows it: "320 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
