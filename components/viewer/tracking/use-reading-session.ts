"use client";

import { useEffect, useMemo } from "react";
import { useRouter } from "next/navigation";
import { announceClosed, useClosedReason } from "../document-closed";
import { announceNewVersion } from "../new-version";
import { ReadingTracker } from "./reading-tracker";

/**
 * The reading beacons of one visit of the version on screen (none for the owner's own preview)
 * and why the server closed the link, if it did (a beacon's answer, or the file or a page image
 * refused: document-closed.ts). Access withdrawn (the owner blocked this reader or tightened the
 * rules) reloads the page as it now stands; a newer version is announced, for the reader to
 * reload when they choose.
 */
export function useReadingSession(code: string, version: number, ownerPreview: boolean) {
  const router = useRouter();
  const closed = useClosedReason();
  const tracker = useMemo(() => new ReadingTracker(`/s/${code}/track`, version, announceClosed, announceNewVersion), [code, version]);
  useEffect(() => {
    if (closed === "refused") router.refresh();
  }, [closed, router]);
  useEffect(() => (ownerPreview ? undefined : tracker.start()), [tracker, ownerPreview]);
  return { tracker, closed };
}
