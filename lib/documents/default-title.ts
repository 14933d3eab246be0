import { MAX_TITLE_LENGTH } from "../rules/pdf-title";

/**
 * A new document's title when the upload names none: the PDF's own title when it has a usable one
 * (lib/rules/pdf-title.ts, found by the PDF worker), else the filename without its extension, `_`
 * and `-` turned into spaces, trimmed (docs/contract-decisions.md, docs/decisions.md).
 */
export function defaultTitle(filename: string, pdfTitle: string | null = null): string {
  if (pdfTitle) return pdfTitle;
  const base = filename.split(/[\\/]/).pop() ?? "";
  const withoutExtension = base.replace(/\.[^.]*$/, "");
  const title = withoutExtension.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
  return (title || "Untitled document").slice(0, MAX_TITLE_LENGTH);
}
