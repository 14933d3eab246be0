import { type RefObject, useEffect } from "react";
import type { Point } from "../pages/page-geometry";

/** Zoom by `factor`, putting the document point under `from` under `to` (points in the element's client box). */
export type ZoomBy = (factor: number, from: Point, to: Point) => void;

// One mouse wheel notch (deltaY 100) zooms by ~22 %; a trackpad pinch sends many small deltas.
const WHEEL_PIXELS_PER_E = 500;
const LINE_PIXELS = 16;

/**
 * Ctrl/Cmd + wheel (a trackpad pinch arrives as ctrl + wheel) and a two-finger pinch zoom the
 * document, not the page: the listeners are not passive so they can keep the browser's own zoom out.
 */
export function useZoomGestures(elementRef: RefObject<HTMLElement | null>, zoomBy: ZoomBy) {
  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const local = (clientX: number, clientY: number): Point => {
      const box = element.getBoundingClientRect();
      return { x: clientX - box.left - element.clientLeft, y: clientY - box.top - element.clientTop };
    };

    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * LINE_PIXELS : event.deltaY;
      const point = local(event.clientX, event.clientY);
      zoomBy(Math.exp(-Math.max(-100, Math.min(100, delta)) / WHEEL_PIXELS_PER_E), point, point);
    };

    let pinch: { distance: number; centre: Point } | null = null;
    const measure = (touches: TouchList) => {
      const [a, b] = [touches[0]!, touches[1]!];
      return {
        distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
        centre: local((a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2),
      };
    };
    const onTouchStart = (event: TouchEvent) => {
      pinch = event.touches.length === 2 ? measure(event.touches) : null;
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const next = measure(event.touches);
      // Each move zooms from the previous one, so the fingers' centre also pans the document.
      if (pinch.distance > 0) zoomBy(next.distance / pinch.distance, pinch.centre, next.centre);
      pinch = next;
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length !== 2) pinch = null;
    };

    element.addEventListener("wheel", onWheel, { passive: false });
    element.addEventListener("touchstart", onTouchStart, { passive: true });
    element.addEventListener("touchmove", onTouchMove, { passive: false });
    element.addEventListener("touchend", onTouchEnd);
    element.addEventListener("touchcancel", onTouchEnd);
    return () => {
      element.removeEventListener("wheel", onWheel);
      element.removeEventListener("touchstart", onTouchStart);
      element.removeEventListener("touchmove", onTouchMove);
      element.removeEventListener("touchend", onTouchEnd);
      element.removeEventListener("touchcancel", onTouchEnd);
    };
  }, [elementRef, zoomBy]);
}
