import type { RateLimitState } from "../../rate-limit";

/**
 * Why a share link's door turns a reader away, stated once for both of its answers: the viewer's
 * routes (lib/http/with-share-link.ts) answer it as the error envelope with `message`; the share
 * page (proxy.ts) renders the ones it shows itself as a small HTML page.
 */
export type DoorRefusal = {
  status: 404 | 410 | 429;
  /** The JSON answer's message. */
  message: string;
  /** A rate limit's state, for Retry-After and the rate-limit headers. */
  limit?: RateLimitState;
};

/** A refusal the share page shows as its own page (an unknown or disabled code gets the page's not-found instead). */
export type ShownRefusal = DoorRefusal & { title: string; explanation: string };

/** What a code that is not open to readers was found to be: a document's (or link's), or a room's. */
export type ClosedState = "gone" | "expired" | "disabled" | "missing";

/** What a share code opens, named in a refusal's words. */
export type SharedThing = "document" | "room";

/** A room's share (lib/viewer/rooms/public-room.ts) carries its room row; a document, even one read in a room, does not. */
export const sharedThingOf = (subject: object): SharedThing => ("roomRow" in subject ? "room" : "document");

const gone = (what: SharedThing): ShownRefusal => ({
  status: 410,
  title: `This ${what} is no longer available`,
  message: `This ${what} is no longer available.`,
  explanation: "The person who shared it has removed it. Ask them for a new link if you still need it.",
});

// A room's own code and its room links expire with the room's settings: the reader is told it was the room.
const expired = (what: SharedThing): ShownRefusal => ({
  status: 410,
  title: what === "room" ? "This room's link has expired" : "This link has expired",
  message: what === "room" ? "This room's link has expired." : "This link has expired.",
  explanation: "It was shared for a limited time. Ask the person who shared it for a new link if you still need it.",
});

const disabled = (what: SharedThing): DoorRefusal => ({
  status: 404,
  message: what === "room" ? "This room is not available." : "This link is not available.",
});
const missing = (what: SharedThing): DoorRefusal => ({ status: 404, message: `This ${what} is not available.` });

/** The refusal for a code in `state`, a document's (or link's) or a room's. */
export function foundRefusal(state: "gone" | "expired", what?: SharedThing): ShownRefusal;
export function foundRefusal(state: ClosedState, what?: SharedThing): DoorRefusal;
export function foundRefusal(state: ClosedState, what: SharedThing = "document"): DoorRefusal {
  switch (state) {
    case "gone":
      return gone(what);
    case "expired":
      return expired(what);
    case "disabled":
      return disabled(what);
    case "missing":
      return missing(what);
  }
}

/** Past one of the door's budgets (per address, per document, per room). */
export function tooManyRequests(limit: RateLimitState, what: SharedThing | "link" = "link"): ShownRefusal {
  return {
    status: 429,
    title: "Too many requests",
    message: `Too many requests. Try again in ${limit.retryAfter} seconds.`,
    explanation: `This ${what} was opened too many times in a short while. Try again in ${limit.retryAfter} seconds.`,
    limit,
  };
}
