import type { PageLayers } from "../../pdf/page-layers";

/**
 * A page's layers as a reader still before the gate gets them: without its links out. The preview
 * before the gate never carried a PDF's annotations (lib/pdf/build-preview.ts), and an address is
 * whatever the file's author wrote into it, a later page's content included. Internal links stay:
 * they are bare page numbers, which the viewer keeps within the readable pages.
 */
export function layersBeforeGate(stored: Buffer): Buffer {
  const layers = JSON.parse(stored.toString("utf8")) as PageLayers;
  return Buffer.from(JSON.stringify({ ...layers, links: layers.links.filter((link) => !("url" in link)) }));
}
