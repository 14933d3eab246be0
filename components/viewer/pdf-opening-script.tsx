import { OPENING_RANGES, STARTED_OPENING_GLOBAL } from "./pdf-opening";

/**
 * Starts the requests for the PDF's two ends (pdf-opening.ts) while the browser is still reading
 * the HTML, before any of the app's scripts has loaded; the viewer picks the answers up from there.
 */
export function PdfOpeningScript({ file }: { file: string }) {
  const url = JSON.stringify(file).replace(/</g, "\\u003c");
  const ranges = JSON.stringify(OPENING_RANGES);
  const script = `window.${STARTED_OPENING_GLOBAL}={url:${url},responses:${ranges}.map(function(r){return fetch(${url},{headers:{Range:r},credentials:"same-origin"})})};`;
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
