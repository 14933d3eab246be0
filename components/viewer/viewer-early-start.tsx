import { PDF_WORKER_PATH } from "@/lib/viewer/pdf-worker-path";
import { OPENING_RANGES, STARTED_OPENING_GLOBAL } from "./pdf-opening";
import { STARTED_WORKER_GLOBAL } from "./pdf-worker";

/**
 * Starts the pdf.js worker and the requests for the PDF's two ends (pdf-opening.ts) while the
 * browser is still reading the HTML, before any of the app's scripts has loaded; the viewer picks
 * them up from there, and has the browser fetch the renderer's own chunks (lib/viewer/renderer-chunks.ts)
 * with the app's first scripts. Page 1 waits on the worker's start-up more than on anything else.
 */
export function ViewerEarlyStart({ file, chunks }: { file: string; chunks: string[] }) {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  const script =
    `window.${STARTED_WORKER_GLOBAL}=new Worker(${json(PDF_WORKER_PATH)},{type:"module"});` +
    `window.${STARTED_OPENING_GLOBAL}={url:${json(file)},responses:${json(OPENING_RANGES)}.map(function(r){return fetch(${json(file)},{headers:{Range:r},credentials:"same-origin"})})};`;
  return (
    <>
      {chunks.map((href) => (
        <link key={href} rel="preload" href={href} as={href.endsWith(".css") ? "style" : "script"} />
      ))}
      <script dangerouslySetInnerHTML={{ __html: script }} />
    </>
  );
}
