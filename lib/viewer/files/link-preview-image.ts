import { config } from "../../config";
import type { SharedDocument } from "../../links/shared-document";
import { resolveAccess, shareCode } from "../grants/access";

/** The neutral card (public/og-card.png) shown when page 1 is not for strangers. */
const NEUTRAL_CARD = { path: "/og-card.png", width: 1200, height: 630 };

/** Sizes only for the card: a page image keeps its page's shape, which consumers read from the file. */
export type LinkPreviewImage = { url: string; width?: number; height?: number; pageOne: boolean };

/**
 * The picture a chat app or a mail client shows for a share link (`og:image`). Page 1's image only
 * when a stranger could see page 1 anyway: no password, no agreement, page 1 before the gate, and no
 * watermark (the image carries none; the viewer draws it over the page). Otherwise a neutral card,
 * so a link preview never shows what the owner's rules hold back.
 */
export function linkPreviewImage(doc: SharedDocument): LinkPreviewImage {
  const base = config().APP_URL.replace(/\/$/, "");
  const stranger = resolveAccess(doc, {});
  if (stranger.readablePages >= 1 && doc.pageImages >= 1 && !doc.watermark) {
    return { url: `${base}/s/${shareCode(doc)}/pages/1`, pageOne: true };
  }
  return { url: `${base}${NEUTRAL_CARD.path}`, width: NEUTRAL_CARD.width, height: NEUTRAL_CARD.height, pageOne: false };
}
