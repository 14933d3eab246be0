import { overriddenSettings } from "../schemas/sharing-settings";
import type { Document, Link } from "../generated/prisma/client";
import type { z } from "zod";
import type { linkSettingsSchema } from "../schemas/links";

/**
 * The settings a link may override, in the API's shape. A key present in `links.overrides`
 * overrides the document's value (null included: "no expiry on this link"); a missing key follows
 * the document, so changing the document's default changes every link that did not override it.
 * `password` is a marker: the link's own password hash is `links.password_hash` (null: none).
 */
export type LinkOverrides = Partial<Omit<z.output<typeof linkSettingsSchema>, "password"> & { password: true }>;

/**
 * The room a document was opened in (issue 29), as its reader reached it: the room, and the room
 * link whose code was opened (null for the room's own code). The room's rules replace the
 * document's, one gate grant (per opened code) opens every document of the room, and the visits,
 * leads and events of such a read name the room.
 */
export type RoomContext = {
  id: string;
  name: string;
  /** The room's own code (its default link). */
  code: string;
  linkId: string | null;
  /** The opened room link's group (what its readers see); null: the whole room. */
  groupId: string | null;
  /** The code the reader opened: the room link's, or the room's own. */
  openedCode: string;
};

/**
 * What a reader of one share code gets: the document with the link's overrides applied, so the
 * viewer's rules (access, gate, files, downloads) read one set of settings whichever code was
 * opened, and `link` (null for the document's own short code) for attribution and events. A
 * document opened in a room carries `room`, the room's rules applied instead, and no link.
 */
export type SharedDocument = Document & { link: Link | null; room?: RoomContext | null };

export function linkOverrides(link: Pick<Link, "overrides">): LinkOverrides {
  const value = link.overrides;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as LinkOverrides) : {};
}

/** Whether a link shows its own preview file: it changes how many free pages its gate shows. */
export const ownsPreview = (overrides: LinkOverrides) => "gate_type" in overrides || "gate_page" in overrides || "email_gate" in overrides;

export function sharedDocument(doc: Document, link: Link | null): SharedDocument {
  if (!link) return applyImpliedGate({ ...doc, link: null });
  const o = linkOverrides(link);
  const shared: SharedDocument = {
    ...doc,
    ...overriddenSettings(doc, o),
    passwordHash: "password" in o ? link.passwordHash : doc.passwordHash,
    previewStorageKey: ownsPreview(o) ? link.previewStorageKey : doc.previewStorageKey,
    previewPageCount: ownsPreview(o) ? link.previewPageCount : doc.previewPageCount,
    link,
  };
  return applyImpliedGate(shared);
}

/**
 * An allow list or email verification needs an email to check, so either one stands the email gate
 * up: before page 1 when the settings had no gate standing (no preview file exists to show).
 */
function applyImpliedGate(doc: SharedDocument): SharedDocument {
  const needsEmail = doc.allowList.length > 0 || doc.verifyEmail;
  const gateStands = doc.emailGate && doc.gateType !== "none";
  if (!needsEmail || gateStands) return doc;
  return { ...doc, emailGate: true, gateType: "full" };
}

/** Whether the link has passed its expiry at `at` (an expired link answers 410). */
export const isExpired = (doc: Pick<Document, "expiresAt">, at: Date) => doc.expiresAt !== null && doc.expiresAt.getTime() <= at.getTime();
