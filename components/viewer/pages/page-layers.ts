/** A box on the page, as shares (0..1) of its width and height from its top-left corner. */
export type LayerBox = { x: number; y: number; w: number; h: number };
export type TextRun = LayerBox & { str: string };
export type PageLink = LayerBox & ({ page: number } | { url: string });
export type PageLayers = { text: TextRun[]; links: PageLink[] };

export const NO_LAYERS: PageLayers = { text: [], links: [] };

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

const isShare = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;
const isBox = (value: Record<string, unknown>) => isShare(value.x) && isShare(value.y) && isShare(value.w) && isShare(value.h);
const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;

/** A link's address when it is one a reader may follow from the page: never a `javascript:` or `file:` one, whatever the PDF holds. */
export function followableUrl(url: string): string | null {
  try {
    return LINK_PROTOCOLS.has(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

/** The text runs and links of a page's layers answer (`/s/<code>/pages/<n>/layers`), keeping only well-formed ones. */
export function parsePageLayers(body: unknown): PageLayers {
  const answer = record(body);
  const list = (value: unknown) => (Array.isArray(value) ? value.map(record).filter((item) => item !== null && isBox(item)) : []);
  const text = list(answer?.text).flatMap((run) =>
    typeof run!.str === "string" && run!.str.length > 0 ? [{ x: run!.x, y: run!.y, w: run!.w, h: run!.h, str: run!.str } as TextRun] : [],
  );
  const links = list(answer?.links).flatMap((link): PageLink[] => {
    const box = { x: link!.x, y: link!.y, w: link!.w, h: link!.h } as LayerBox;
    if (typeof link!.page === "number" && Number.isInteger(link!.page) && link!.page >= 1) return [{ ...box, page: link!.page }];
    const url = typeof link!.url === "string" ? followableUrl(link!.url) : null;
    return url ? [{ ...box, url }] : [];
  });
  return { text, links };
}

/** The page's layers, or none when the server has none for it (not drawn by a worker that extracts them) or refuses them. */
export async function fetchPageLayers(code: string, version: number, page: number, signal: AbortSignal): Promise<PageLayers> {
  const response = await fetch(`/s/${code}/pages/${page}/layers?version=${version}`, { credentials: "same-origin", signal });
  if (!response.ok) return NO_LAYERS;
  return parsePageLayers(await response.json().catch(() => null));
}
