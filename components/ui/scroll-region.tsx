"use client";

import { useLayoutEffect, useRef, useState } from "react";

/**
 * A box whose content may be wider than it (a table on a phone) and then scrolls sideways. While
 * it does, it is a named region that takes focus, so the keyboard can scroll it too; while it
 * does not, it is a plain box and adds no tab stop. It is positioned: otherwise absolutely placed
 * content inside (screen-reader-only text) escapes its clipping and widens the whole page.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The observer reports once on observe, then whenever the box or its content changes size.
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={`relative ${className ?? ""}`} {...(scrolls ? { role: "region", "aria-label": label, tabIndex: 0 } : {})}>
      {children}
    </div>
  );
}
