/** Every PDF starts with these bytes; the server refuses anything else (lib/pdf/inspect-pdf.ts). */
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** How many of a file's first bytes pdfChoiceProblem reads. */
export const PDF_HEADER_LENGTH = PDF_HEADER.length;

const PDF_TYPES = ["application/pdf", "application/x-pdf"];

/** What a browser tells of a file picked or dropped. */
export type PickedFile = { name: string; type: string; size: number };

/**
 * Why a picked file cannot be uploaded, in the uploader's words, or null when it may go: checked
 * when the file is picked, from its type, size and first bytes, so a wrong file is refused before
 * the form is filled in. The server checks the whole file again.
 */
export function pdfChoiceProblem(file: PickedFile, head: Uint8Array, maxMb: number): string | null {
  const named = file.name.toLowerCase().endsWith(".pdf");
  if (!named && !PDF_TYPES.includes(file.type)) return `${file.name} is not a PDF. Choose a .pdf file.`;
  if (file.size === 0) return `${file.name} is empty. Choose a PDF with pages in it.`;
  if (file.size > maxMb * 1024 * 1024) return `${file.name} is ${formatBytes(file.size)}; the limit is ${maxMb} MB.`;
  if (!PDF_HEADER.every((byte, i) => head[i] === byte)) {
    return `${file.name} is not a PDF inside, whatever its name says (it does not start with %PDF-). Choose a real PDF.`;
  }
  return null;
}

/** A size as the upload form shows it: "320 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
