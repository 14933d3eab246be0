/**
 * The Content-Disposition of a document's download: named after its title, `<title>.pdf` (an
 * original office file `<title>.<its extension>`, a room's ZIP: `<name>.zip`). The
 * plain `filename` holds printable ASCII only (accents dropped, anything else, quotes, slashes and
 * backslashes `_`), so no title can break the header or name a path; `filename*` carries the title
 * exactly (RFC 6266 / RFC 8187), which browsers prefer.
 */
export function downloadDisposition(title: string, extension = "pdf"): string {
  const base = title
    .replace(/[\u0000-\u001f\u007f/\\]+/g, " ")
    .trim()
    .replace(new RegExp(`\\.${extension}$`, "i"), "")
    .trim();
  const name = `${base || (extension === "pdf" ? "document" : "room")}.${extension}`;
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
