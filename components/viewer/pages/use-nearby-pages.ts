import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

// Pages within this distance of the viewport (1.5 screens above and below) are rendered.
const NEARBY_MARGIN = "150% 0px";

/**
 * Which page slots are near the scrolling element's viewport, so only those pages are drawn. Each
 * slot (an element with `data-page`) registers through `slotRef`, whenever it mounts; `onSlot`
 * hears each one as it does, and `slotOf` finds a mounted slot.
 */
export function useNearbyPages(scrollRef: RefObject<HTMLElement | null>, onSlot: (page: number, element: HTMLDivElement) => void) {
  const [near, setNear] = useState<Set<number>>(() => new Set([1, 2]));
  const slots = useRef(new Map<number, HTMLDivElement>());
  const observers = useRef<IntersectionObserver[]>([]);
  const onSlotRef = useRef(onSlot);
  useLayoutEffect(() => {
    onSlotRef.current = onSlot;
  });

  useEffect(() => {
    const nearby = new IntersectionObserver(
      (entries) =>
        setNear((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.page);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        }),
      { root: scrollRef.current, rootMargin: NEARBY_MARGIN },
    );
    observers.current = [nearby];
    for (const slot of slots.current.values()) nearby.observe(slot);
    return () => {
      observers.current = [];
      nearby.disconnect();
    };
  }, [scrollRef]);

  const slotRef = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const page = Number(element.dataset.page);
    slots.current.set(page, element);
    onSlotRef.current(page, element);
    observers.current.forEach((observer) => observer.observe(element));
    return () => {
      slots.current.delete(page);
      observers.current.forEach((observer) => observer.unobserve(element));
    };
  }, []);

  const slotOf = useCallback((page: number) => slots.current.get(page), []);

  return { near, slotRef, slotOf };
}
