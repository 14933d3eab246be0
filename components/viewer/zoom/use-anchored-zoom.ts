"use client";

import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { anchoredScroll, keepPageCurrent, type PageLayout, type Point, type Scroll, wholePageScroll } from "../pages/page-geometry";
import { useContainerSize } from "../pages/use-container-size";
import { useZoomGestures } from "./use-zoom-gestures";
import { clampScale, DEFAULT_ZOOM, pageWidthFor, scaleOf, stepFrom, type Zoom } from "./zoom";

// Canvases are redrawn at a new size once zoom input has paused this long; until then the drawn
// pages are scaled with CSS, so a pinch or a wheel zoom stays smooth.
const RENDER_SETTLE_MS = 200;

type Anchor = { from: Point; to: Point; scroll: Scroll; page: number };
type CurrentPage = { currentRef: RefObject<number>; update: () => void };

/**
 * The column's zoom and the page layout it gives, in the scrolling element `scrollRef`. A zoom (a
 * step, a fit, a pinch, a wheel) or a resize keeps the point under it in place and the current page
 * current; `shownRef` is the layout on screen, for handlers that run between renders.
 */
export function useAnchoredZoom(
  scrollRef: RefObject<HTMLElement | null>,
  shownRef: RefObject<PageLayout | null>,
  { currentRef, update: updateCurrent }: CurrentPage,
  aspect: number,
  pages: number,
) {
  const [zoom, setZoom] = useState<Zoom>(DEFAULT_ZOOM);
  const anchor = useRef<Anchor | null>(null);

  // A resize (a turned phone, a window made narrower) keeps the point at the viewport's centre.
  const { size: viewport, sizeRef: shownViewport } = useContainerSize(scrollRef, (before, next) => {
    const element = scrollRef.current;
    if (!element || !shownRef.current?.pages) return;
    const scroll = { left: element.scrollLeft, top: element.scrollTop };
    anchor.current = {
      from: { x: before.width / 2, y: before.height / 2 },
      to: { x: next.width / 2, y: next.height / 2 },
      scroll,
      page: currentRef.current,
    };
  });

  const pageWidth = pageWidthFor(zoom, viewport, aspect);
  const layout = useMemo<PageLayout>(
    () => ({ width: pageWidth, height: pageWidth * aspect, pages, viewportWidth: viewport.width }),
    [pageWidth, aspect, pages, viewport.width],
  );

  // After a zoom or resize, before the paint: the scroll position that keeps the anchored point in
  // place and the current page current.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const before = shownRef.current;
    const pending = anchor.current;
    shownRef.current = layout;
    anchor.current = null;
    if (scroller && before && pending && layout.pages > 0) {
      const target = anchoredScroll(before, layout, pending.scroll, pending.from, pending.to);
      scroller.scrollLeft = target.left;
      scroller.scrollTop = target.top;
      scroller.scrollTop = keepPageCurrent(layout, scroller.scrollTop, scroller.clientHeight, pending.page);
    }
    updateCurrent();
  }, [layout, viewport, updateCurrent, scrollRef, shownRef]);

  // Zoom input resizes the page boxes at once; the canvases keep their drawing, scaled, until the input pauses.
  const [heldRenderWidth, setHeldRenderWidth] = useState<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  const zoomTo = useCallback(
    (next: Zoom, from: Point, to: Point) => {
      const scroller = scrollRef.current;
      const before = shownRef.current;
      if (!scroller || !before) return;
      const scroll = { left: scroller.scrollLeft, top: scroller.scrollTop };
      if (pageWidthFor(next, shownViewport.current, aspect) === before.width) {
        // Same size (at the end of the zoom range): a pinch's moving centre still pans.
        const target = anchoredScroll(before, before, scroll, from, to);
        scroller.scrollTo({ left: target.left, top: target.top });
        setZoom(next);
        return;
      }
      anchor.current = { from, to, scroll, page: currentRef.current };
      clearTimeout(settle.current);
      settle.current = setTimeout(() => setHeldRenderWidth(null), RENDER_SETTLE_MS);
      flushSync(() => {
        setHeldRenderWidth((held) => held ?? before.width);
        setZoom(next);
      });
    },
    [aspect, currentRef, shownViewport, scrollRef, shownRef],
  );

  const centre = useCallback((): Point => {
    const scroller = scrollRef.current;
    return { x: (scroller?.clientWidth ?? 0) / 2, y: (scroller?.clientHeight ?? 0) / 2 };
  }, [scrollRef]);

  const step = useCallback(
    (direction: -1 | 1) => {
      if (!shownRef.current) return;
      const next = stepFrom(scaleOf(shownRef.current.width, shownViewport.current), direction);
      if (next !== null) zoomTo({ scale: next }, centre(), centre());
    },
    [zoomTo, centre, shownViewport, shownRef],
  );
  const fit = useCallback(
    (mode: "width" | "page") => {
      const page = currentRef.current;
      zoomTo({ fit: mode }, centre(), centre());
      const scroller = scrollRef.current;
      if (mode !== "page" || !scroller || !shownRef.current) return;
      // The zoom kept the page current but maybe only partly in view (it was scrolled, or zoomed in): show it whole.
      const target = wholePageScroll(shownRef.current, page, scroller.clientHeight);
      currentRef.current = page;
      scroller.scrollTo({ left: target.left, top: target.top });
      updateCurrent();
    },
    [zoomTo, centre, currentRef, updateCurrent, scrollRef, shownRef],
  );

  useZoomGestures(
    scrollRef,
    useCallback(
      (factor: number, from: Point, to: Point) => {
        if (shownRef.current) zoomTo({ scale: clampScale(scaleOf(shownRef.current.width, shownViewport.current) * factor) }, from, to);
      },
      [zoomTo, shownViewport, shownRef],
    ),
  );

  return { zoom, layout, scale: scaleOf(pageWidth, viewport), renderWidth: heldRenderWidth ?? pageWidth, step, fit };
}
