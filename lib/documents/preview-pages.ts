/**
 * The dashboard presents the gate as "free preview pages": N free pages means the gate stands on
 * page N + 1 (the API's `gate_page`). These convert at the forms' edge; everything else keeps
 * `gate_page`.
 */
export const gatePageFromPreviewPages = (previewPages: number) => previewPages + 1;

export const previewPagesFromGatePage = (gatePage: number) => gatePage - 1;

/** Reads what was typed as a free-page count for a document of `pageCount` pages. */
export function parsePreviewPages(raw: string, pageCount: number): { ok: true; gatePage: number } | { ok: false; message: string } {
  const most = pageCount - 1;
  const text = raw.trim();
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(count) || count > most) {
    return {
      ok: false,
      message:
        most === 0 ? "This document has one page, so it has 0 free preview pages" : `Choose between 0 and ${most} free preview pages`,
    };
  }
  return { ok: true, gatePage: gatePageFromPreviewPages(count) };
}

/**
 * A form's `preview_pages` field as the API's `gate_page` field. Anything but a whole number is
 * passed on as it is, for the API's own validation to refuse.
 */
export function gatePageField(previewPages: string): string {
  const text = previewPages.trim();
  return /^\d{1,9}$/.test(text) ? String(gatePageFromPreviewPages(Number(text))) : text;
}
