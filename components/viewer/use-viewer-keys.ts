import { type RefObject, useEffect } from "react";

const SCROLL_STEP = 80;

export type ViewerKeyActions = {
  /** Turns to a page; numbers past either end go to that end. */
  goTo: (page: number) => void;
  zoom: (direction: -1 | 1) => void;
  fit: (mode: "width" | "page") => void;
};

/**
 * The viewer's keys, anywhere on the page but in a form field: arrows and Space scroll (Left/Right
 * turn pages unless the page is wider than the screen, then they pan), PageUp/PageDown/Home/End
 * turn pages, + = - zoom and 0 fits the width. None while not `enabled` (no pages to move through).
 */
export function useViewerKeys(
  scrollRef: RefObject<HTMLElement | null>,
  currentRef: RefObject<number>,
  { goTo, zoom, fit }: ViewerKeyActions,
  enabled: boolean,
) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const scroller = scrollRef.current;
      if (!scroller || target.closest("input, textarea, select, [contenteditable]") || event.metaKey || event.ctrlKey || event.altKey)
        return;
      if (event.key === " " && target.closest("button, a")) return;
      const wide = scroller.scrollWidth > scroller.clientWidth;
      const page = currentRef.current;
      const keys: Record<string, () => void> = {
        ArrowLeft: () => (wide ? scroller.scrollBy({ left: -SCROLL_STEP }) : goTo(page - 1)),
        ArrowRight: () => (wide ? scroller.scrollBy({ left: SCROLL_STEP }) : goTo(page + 1)),
        ArrowUp: () => scroller.scrollBy({ top: -SCROLL_STEP }),
        ArrowDown: () => scroller.scrollBy({ top: SCROLL_STEP }),
        " ": () => scroller.scrollBy({ top: (event.shiftKey ? -1 : 1) * (scroller.clientHeight - SCROLL_STEP) }),
        PageUp: () => goTo(page - 1),
        PageDown: () => goTo(page + 1),
        Home: () => goTo(1),
        End: () => goTo(Number.POSITIVE_INFINITY),
        "+": () => zoom(1),
        "=": () => zoom(1),
        "-": () => zoom(-1),
        "0": () => fit("width"),
      };
      const action = keys[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [scrollRef, currentRef, goTo, zoom, fit, enabled]);
}
