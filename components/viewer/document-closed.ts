import { useEffect, useState } from "react";
import type { ClosedReason } from "./tracking/reading-tracker";

/**
 * How the open viewer learns that its share link stopped serving it: a beacon's answer (410, 404,
 * 403), or the file or a page image refused as a gone document's (gone-document.ts). A reader who
 * is not recorded (the owner's preview) or is between beacons learns it from whichever request
 * comes first; each announces it here, and the whole viewer turns to the notice.
 */
const CLOSED_EVENT = "pagewise:closed";

export function announceClosed(reason: ClosedReason) {
  window.dispatchEvent(new CustomEvent<ClosedReason>(CLOSED_EVENT, { detail: reason }));
}

/** Why the share link last stopped serving this page, once it has. */
export function useClosedReason(): ClosedReason | null {
  const [reason, setReason] = useState<ClosedReason | null>(null);
  useEffect(() => {
    const onClosed = (event: Event) => setReason((event as CustomEvent<ClosedReason>).detail);
    window.addEventListener(CLOSED_EVENT, onClosed);
    return () => window.removeEventListener(CLOSED_EVENT, onClosed);
  }, []);
  return reason;
}
