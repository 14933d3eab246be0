import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { mostVisiblePage, type PageLayout } from "./page-geometry";

/**
 * The page most in view in the scrolling element, followed as it scrolls; `onPage` hears it (null
 * while no page is in view). `currentRef` is also the tie-breaker: a page set there (a jump to it)
 * stays current while it is as visible as another. `update` reads it again after a layout change.
 */
export function useCurrentPage(
  scrollRef: RefObject<HTMLElement | null>,
  layoutRef: RefObject<PageLayout | null>,
  onPage: (page: number | null) => void,
) {
  const [current, setCurrent] = useState(1);
  const currentRef = useRef(1);

  const update = useCallback(() => {
    const scroller = scrollRef.current;
    if (!scroller || !layoutRef.current) return;
    const page = mostVisiblePage(layoutRef.current, scroller.scrollTop, scroller.clientHeight, currentRef.current);
    if (page) {
      currentRef.current = page;
      setCurrent(page);
    }
    onPage(page);
  }, [scrollRef, layoutRef, onPage]);

  useEffect(() => {
    const scroller = scrollRef.current;
    scroller?.addEventListener("scroll", update, { passive: true });
    return () => scroller?.removeEventListener("scroll", update);
  }, [scrollRef, update]);

  return { current, currentRef, update };
}
