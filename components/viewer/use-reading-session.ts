"use client";

import { useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { announceNewVersion } from "./new-version";
import { type ClosedReason, ReadingTracker } from "./reading-tracker";

/**
 * The reading beacons of one visit of the version on screen (none for the owner's own preview)
 * and why the server closed it, if it did. Access withdrawn (the owner blocked this reader or
 * tightened the rules) reloads the page as it now stands; a newer version is announced, for the
 * reader to reload when they choose.
 */
export function useReadingSession(code: string, version: number, ownerPreview: boolean) {
  const router = useRouter();
  const [closed, setClosed] = useState<ClosedReason | null>(null);
  const tracker = useMemo(() => new ReadingTracker(`/s/${code}/track`, version, setClosed, announceNewVersion), [code, version]);
  useEffect(() => {
    if (closed === "refused") router.refresh();
  }, [closed, router]);
  useEffect(() => (ownerPreview ? undefined : tracker.start()), [tracker, ownerPreview]);
  return { tracker, closed };
}
