import { accentInk, DEFAULT_ACCENT } from "../rules/accent";

/** The brand an owner email carries: the team's logo (an absolute URL), accent and mark. */
export type EmailBrand = { teamName: string; accentColor: string | null; logoUrl: string | null; hidePagewiseMark: boolean };

/** Pagewise's own emails (account links, password resets): no team's logo, the default accent, the mark. */
export const PAGEWISE_BRAND: EmailBrand = { teamName: "Pagewise", accentColor: null, logoUrl: null, hidePagewiseMark: false };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** http(s) URLs in already escaped text become links; nothing else becomes markup. */
const linked = (escaped: string, color: string) =>
  escaped.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}" style="color:${color}">${url}</a>`);

/**
 * The HTML alternative of a plain-text owner email: the same text, escaped (a document title or a
 * reader's email cannot inject markup), in paragraphs, under the team's logo and an accent bar.
 * Inline styles only: email clients drop style sheets. The text part is still sent as is.
 */
export function brandedHtml(text: string, brand: EmailBrand): string {
  const accent = brand.accentColor ?? DEFAULT_ACCENT;
  const ink = accentInk(accent);
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 16px">${linked(escapeHtml(block), ink).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.teamName)}" style="display:block;max-height:48px;max-width:240px;margin:0 0 16px">`
    : "";
  const mark = brand.hidePagewiseMark ? "" : `<p style="margin:24px 0 0;font-size:12px;color:#64748b">Sent by Pagewise</p>`;
  return (
    `<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:14px;line-height:1.5;color:#0f172a">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-top:4px solid ${accent};border-radius:8px;padding:24px">` +
    `${logo}${paragraphs}${mark}</div></body></html>`
  );
}
