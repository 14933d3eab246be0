import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import type { Viewport } from "../zoom/zoom";

/**
 * The element's inner size, kept up to date by a ResizeObserver. Measured before the first paint,
 * so what depends on it is laid out at its final size from the start. `onResize` hears each change
 * before it renders (with the size shown until then), and `sizeRef` gives the size shown now to
 * handlers that run between renders.
 */
export function useContainerSize(elementRef: RefObject<HTMLElement | null>, onResize: (before: Viewport, next: Viewport) => void) {
  const [size, setSize] = useState<Viewport>({ width: 0, height: 0 });
  const sizeRef = useRef(size);
  const onResizeRef = useRef(onResize);
  useLayoutEffect(() => {
    onResizeRef.current = onResize;
  });

  useLayoutEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const measure = () => {
      const before = sizeRef.current;
      const next = { width: element.clientWidth, height: element.clientHeight };
      if (next.width === before.width && next.height === before.height) return;
      onResizeRef.current(before, next);
      sizeRef.current = next;
      setSize(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [elementRef]);

  return { size, sizeRef };
}
