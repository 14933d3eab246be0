import { COLUMN } from "../pages/page-geometry";

/** The zoom steps the toolbar and keys move between; wheel and pinch zoom freely within their range. */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const MIN_SCALE = ZOOM_STEPS[0];
const MAX_SCALE = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
const MAX_BASE_WIDTH = 900;

/** A fit mode follows the viewport (a resize or a turned phone re-fits); a scale is relative to the 100 % width. */
export type Zoom = { fit: "width" | "page" } | { scale: number };
export const DEFAULT_ZOOM: Zoom = { scale: 1 };

/** The scroll container's client size. */
export type Viewport = { width: number; height: number };

const available = (viewport: Viewport) => ({ width: viewport.width - 2 * COLUMN.inline, height: viewport.height - 2 * COLUMN.top });

/** The page width at 100 %: the column's width up to a comfortable reading width (as the server-rendered skeleton). */
const baseWidth = (viewport: Viewport) => Math.max(200, Math.min(available(viewport).width - 2 * COLUMN.inline, MAX_BASE_WIDTH));

export function pageWidthFor(zoom: Zoom, viewport: Viewport, aspect: number): number {
  if ("scale" in zoom) return baseWidth(viewport) * zoom.scale;
  const space = available(viewport);
  return Math.max(100, zoom.fit === "width" ? space.width : Math.min(space.width, space.height / aspect));
}

export const scaleOf = (pageWidth: number, viewport: Viewport) => pageWidth / baseWidth(viewport);

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The next step above (1) or below (-1) a scale, or null at the end of the list. */
export function stepFrom(scale: number, direction: -1 | 1): number | null {
  const steps =
    direction === 1 ? ZOOM_STEPS.filter((step) => step > scale + 0.001) : ZOOM_STEPS.filter((step) => step < scale - 0.001).reverse();
  return steps[0] ?? null;
}
