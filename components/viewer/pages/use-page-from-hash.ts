"use client";

import { useEffect, useRef } from "react";

/** `#page=17`: the page a link opens the document at (the owner's search results link there). */
export function pageFromHash(hash: string): number | null {
  const match = /^#page=([1-9]\d{0,5})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * Goes to the page the address's `#page=` names once the column is laid out (before it, a page has
 * no place to scroll to), and again when the hash changes.
 */
export function usePageFromHash(goTo: (page: number) => void, ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!ready) return;
    const follow = () => {
      const page = pageFromHash(window.location.hash);
      if (page !== null) goTo(page);
    };
    if (!done.current) {
      done.current = true;
      follow();
    }
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [goTo, ready]);
}
