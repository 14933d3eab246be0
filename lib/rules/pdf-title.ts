/** A document's title is at most this long (the API's `title`). */
export const MAX_TITLE_LENGTH = 200;

// Office suites title a PDF after the application and file ("Microsoft Word - Q3 plan.docx"); the file's name is the title.
const APPLICATION_PREFIX = /^microsoft\s+(?:office\s+)?(?:word|excel|powerpoint|publisher|visio)\s*-\s*/i;
const OFFICE_EXTENSION = /\.(?:docx?|xlsx?|pptx?|odt|ods|odp|rtf|pages|key|numbers|txt|pdf)$/i;
// Titles tools write when the author gave none: naming them would name every such document alike.
const PLACEHOLDER =
  /^(?:untitled(?:\s+document)?(?:\s*\d+)?|document\s*\d*|title|no\s+title|presentation\s*\d*|powerpoint\s+presentation|book\s*\d*|new\s+document|unknown|slide\s*\d+)$/i;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The title a PDF gives itself (its Info or XMP Title), when it names the document: control
 * characters (NUL among them) become spaces, whitespace is collapsed, an office suite's
 * "Microsoft Word - " prefix and the file's extension are dropped, and a placeholder ("Untitled",
 * "Document1") or a title without a letter or digit is no title. Bounded to MAX_TITLE_LENGTH.
 */
export function usablePdfTitle(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  let title = raw.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  if (APPLICATION_PREFIX.test(title)) title = title.replace(APPLICATION_PREFIX, "").replace(OFFICE_EXTENSION, "").trim();
  if (!/[\p{L}\p{N}]/u.test(title) || PLACEHOLDER.test(title)) return null;
  return Array.from(title).slice(0, MAX_TITLE_LENGTH).join("").trim();
}
