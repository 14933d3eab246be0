import { type RefObject, startTransition, useLayoutEffect, useRef, useState } from "react";
import type { Viewport } from "../zoom/zoom";

/**
 * The element's inner size, kept up to date by a ResizeObserver. Measured before the first paint;
 * the first size renders as a transition (the server's rendering stands until then). `onResize` hears each change
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
      // The first measurement replaces the server's guess, which is on screen until then: it may wait
      // for input and paint, and its render yields between pages. A resize after it is laid out at once.
      if (before.width === 0) startTransition(() => setSize(next));
      else setSize(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [elementRef]);

  return { size, sizeRef };
}
