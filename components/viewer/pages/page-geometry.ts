/**
 * Where pages sit in the viewer's scroll container. Every page has the same box, stacked in one
 * column with a fixed gap; a page narrower than the viewport is centred, a wider one starts at the
 * column's padding (so its left edge is always reachable). The viewer computes which page is
 * current and where to scroll after a zoom from this arithmetic, not from layout reads.
 */
export const COLUMN = { gap: 16, top: 24, inline: 12 } as const;

export type PageLayout = {
  width: number;
  height: number;
  pages: number;
  /** The scroll container's client width. */
  viewportWidth: number;
};

export type Point = { x: number; y: number };
export type Scroll = { left: number; top: number };

export const pageTop = (layout: PageLayout, page: number) => COLUMN.top + (page - 1) * (layout.height + COLUMN.gap);
export const pageLeft = (layout: PageLayout) => Math.max(COLUMN.inline, (layout.viewportWidth - layout.width) / 2);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The page with the most visible height (all pages share their horizontal extent, so this is the
 * most visible area). On a tie the current page stays current.
 */
export function mostVisiblePage(layout: PageLayout, scrollTop: number, viewportHeight: number, current: number): number | null {
  if (layout.pages === 0) return null;
  const stride = layout.height + COLUMN.gap;
  const bottom = scrollTop + viewportHeight;
  let best: number | null = null;
  let bestVisible = 0;
  for (let page = clamp(Math.floor((scrollTop - COLUMN.top) / stride) + 1, 1, layout.pages); page <= layout.pages; page++) {
    const top = pageTop(layout, page);
    if (top >= bottom) break;
    const visible = Math.min(top + layout.height, bottom) - Math.max(top, scrollTop);
    if (visible <= 0) continue;
    if (visible > bestVisible + 0.5 || (page === current && visible >= bestVisible - 0.5))
      [best, bestVisible] = [page, Math.max(visible, bestVisible)];
  }
  return best;
}

/**
 * The scroll position after the page box changes from `before` to `after` that puts the document
 * point which was under `from` under `to` (the same point for a wheel or button zoom; a pinch's
 * centre may also move, which pans).
 */
export function anchoredScroll(before: PageLayout, after: PageLayout, scroll: Scroll, from: Point, to: Point): Scroll {
  const x = scroll.left + from.x;
  const y = scroll.top + from.y;
  // Measured from the page under the point, so the fixed gaps between pages do not make it drift.
  const page = clamp(Math.floor((y - COLUMN.top) / (before.height + COLUMN.gap)) + 1, 1, Math.max(1, before.pages));
  const fx = (x - pageLeft(before)) / before.width;
  const fy = (y - pageTop(before, page)) / before.height;
  return { left: pageLeft(after) + fx * after.width - to.x, top: pageTop(after, page) + fy * after.height - to.y };
}

/**
 * A zoom never changes the current page: if `page` is no longer the most visible at `scrollTop`,
 * the shortest move that shows it whole (or, when it is taller than the viewport, fills the
 * viewport with it).
 */
export function keepPageCurrent(layout: PageLayout, scrollTop: number, viewportHeight: number, page: number): number {
  if (mostVisiblePage(layout, scrollTop, viewportHeight, page) === page) return scrollTop;
  const top = pageTop(layout, page);
  const spare = layout.height - viewportHeight;
  return spare >= 0 ? clamp(scrollTop, top, top + spare) : clamp(scrollTop, top + spare, top);
}

/** The scroll position that shows the page whole in the middle of the viewport ("Fit page" after any scrolling). */
export function wholePageScroll(layout: PageLayout, page: number, viewportHeight: number): Scroll {
  return {
    left: Math.max(0, pageLeft(layout) + layout.width / 2 - layout.viewportWidth / 2),
    top: Math.max(0, pageTop(layout, page) - Math.max(0, (viewportHeight - layout.height) / 2)),
  };
}
