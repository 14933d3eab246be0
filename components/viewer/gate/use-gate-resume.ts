"use client";

import { useCallback, useEffect, useRef, type RefObject } from "react";
import type { ReaderGate } from "../viewer-props";

/**
 * Once the gate is passed the full file replaces the preview; the reader goes on at the gate's
 * page. Returns the callback for a page slot as it mounts: the gate's page scrolls into view once.
 */
export function useGateResume(gate: ReaderGate | null, currentRef: RefObject<number>) {
  const gatePage = useRef(gate?.page ?? null);
  const resumeAt = useRef<number | null>(null);
  useEffect(() => {
    if (gate) gatePage.current = gate.page;
    else if (gatePage.current) [resumeAt.current, gatePage.current] = [gatePage.current, null];
  }, [gate]);

  return useCallback(
    (page: number, element: HTMLDivElement) => {
      if (page !== resumeAt.current) return;
      resumeAt.current = null;
      currentRef.current = page;
      element.scrollIntoView({ block: "start" });
    },
    [currentRef],
  );
}
