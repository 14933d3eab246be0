import { useEffect, useState } from "react";

/**
 * How the viewer learns the document has a newer version than the one on screen: a beacon's
 * answer names another current version, or the file or a page image is refused as another
 * version's (other-version.ts). Whichever request learns it announces it here; the viewer offers
 * a reload.
 */
const NEW_VERSION_EVENT = "pagewise:new-version";

export function announceNewVersion() {
  window.dispatchEvent(new Event(NEW_VERSION_EVENT));
}

/** Whether a newer version has been announced since the page loaded. */
export function useNewVersion(): boolean {
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    const onAnnounced = () => setAnnounced(true);
    window.addEventListener(NEW_VERSION_EVENT, onAnnounced);
    return () => window.removeEventListener(NEW_VERSION_EVENT, onAnnounced);
  }, []);
  return announced;
}
