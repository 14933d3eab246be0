import { db } from "../../db/client";
import type { Document, Room, RoomLink } from "../../generated/prisma/client";
import { isExpired, type RoomContext, type SharedDocument } from "../../links/shared-document";
import { now } from "../../time";
import { roomLinkSettings, roomSettings } from "../../rooms/room-settings";
import { groupVisibility } from "../../rooms/group-visibility";
import { reaches } from "../../rooms/group-levels";
import type { RoomAccessLevel } from "../../generated/prisma/client";

/**
 * A room's rules in the shape a document's settings take, so the viewer's one set of access rules
 * (lib/viewer/grants/access.ts) reads a room, and a document opened in it, as it reads a document. A room
 * has no preview gate and no free-email rule of its own.
 */
export type RoomRules = Pick<
  Document,
  | "emailGate"
  | "gateType"
  | "gatePage"
  | "allowDownload"
  | "allowQuestions"
  | "passwordHash"
  | "expiresAt"
  | "verifyEmail"
  | "blockFreeEmails"
  | "allowList"
  | "blockList"
  | "watermark"
  | "agreement"
>;

/**
 * What a reader of a room's code gets: the room, the room link opened (null for the room's own
 * code), the rules that apply, and the context its documents' reads are recorded with. `id`,
 * `code`, `teamId`, `title`, `pageCount`, `previewPageCount` and `link` let the access rules treat
 * it as the thing a grant is given for.
 */
export type RoomShare = RoomRules & {
  id: string;
  teamId: string;
  code: string;
  title: string;
  description: string;
  pageCount: number;
  previewPageCount: number;
  link: null;
  room: RoomContext;
  roomRow: Room;
  roomLink: RoomLink | null;
};

export type PublicRoom =
  { state: "active"; share: RoomShare } | { state: "gone" } | { state: "expired" } | { state: "disabled" } | { state: "missing" };

/** The rules readers of `link` (or of the room's own code, without one) meet. */
export function roomRules(room: Room, link: RoomLink | null): RoomRules {
  const settings = link ? roomLinkSettings(room, link) : roomSettings(room);
  const ownPassword = link !== null && "password" in (link.overrides as object);
  // An allow list or verification needs an email to check: it stands the gate up, as on documents.
  const needsEmail = settings.allow.length > 0 || settings.verify_email;
  const gateStands = settings.email_gate && settings.gate_type !== "none";
  return {
    emailGate: settings.email_gate || needsEmail,
    gateType: needsEmail && !gateStands ? "full" : settings.gate_type,
    gatePage: 1,
    allowDownload: settings.allow_download,
    allowQuestions: settings.allow_questions,
    passwordHash: ownPassword ? link.passwordHash : room.passwordHash,
    expiresAt: settings.expires_at ? new Date(settings.expires_at) : null,
    verifyEmail: settings.verify_email,
    blockFreeEmails: false,
    allowList: settings.allow,
    blockList: settings.block,
    watermark: settings.watermark ?? null,
    agreement: settings.agreement ?? null,
  };
}

/** The room share of a room and the room link opened, as the access rules read it. */
export function roomShare(room: Room, link: RoomLink | null): RoomShare {
  return {
    ...roomRules(room, link),
    id: room.id,
    teamId: room.teamId,
    code: room.code,
    title: room.name,
    description: room.description,
    pageCount: 0,
    previewPageCount: 0,
    link: null,
    room: {
      id: room.id,
      name: room.name,
      code: room.code,
      linkId: link?.id ?? null,
      groupId: link?.groupId ?? null,
      openedCode: link?.code ?? room.code,
    },
    roomRow: room,
    roomLink: link,
  };
}

/** The state of a room (and room link) found for a share code at `at`, as documents' codes answer. */
export function publicRoom(room: Room | null, link: RoomLink | null, at: Date): PublicRoom {
  if (!room) return { state: "missing" };
  if (room.deletedAt || link?.deletedAt) return { state: "gone" };
  if (link?.disabledAt) return { state: "disabled" };
  const share = roomShare(room, link);
  return isExpired(share, at) ? { state: "expired" } : { state: "active", share };
}

/** A room's own code or a room link's (a parsed share code), with what it opens. */
export async function findPublicRoom(code: string): Promise<PublicRoom> {
  const room = await db.room.findUnique({ where: { code } });
  if (room) return publicRoom(room, null, now());
  const link = await db.roomLink.findUnique({ where: { code }, include: { room: true } });
  return link ? publicRoom(link.room, link, now()) : { state: "missing" };
}

/**
 * A document of the room as its readers get it: the room's rules instead of the document's, no
 * preview file (a room's gate stands before every page or not at all), and the room it was opened
 * in. Null when the document is not in the room, deleted, or hidden from the opened link's group:
 * every door of a room's document (its page, file, images, layers, download, beacons) comes here.
 */
export async function roomDocument(share: RoomShare, documentCode: string): Promise<SharedDocument | null> {
  const entry = await db.roomDocument.findFirst({
    where: { roomId: share.id, document: { code: documentCode, deletedAt: null } },
    include: { document: true },
  });
  if (!entry) return null;
  const groupId = share.roomLink?.groupId;
  const level = groupId ? (await groupVisibility(share.id, groupId)).document(entry.documentId, entry.folderId) : "download";
  return level === "none" ? null : sharedRoomDocument(entry.document, share, level);
}

/**
 * `level`: what the opened link's group may do with the document (`download` without a group). The
 * stricter of it and the room's own `allow_download` wins.
 */
export function sharedRoomDocument(doc: Document, share: RoomShare, level: RoomAccessLevel): SharedDocument {
  const rules: RoomRules = {
    emailGate: share.emailGate,
    gateType: share.gateType,
    gatePage: share.gatePage,
    allowDownload: share.allowDownload && reaches(level, "download"),
    allowQuestions: share.allowQuestions,
    passwordHash: share.passwordHash,
    expiresAt: share.expiresAt,
    verifyEmail: share.verifyEmail,
    blockFreeEmails: share.blockFreeEmails,
    allowList: share.allowList,
    blockList: share.blockList,
    watermark: share.watermark,
    agreement: share.agreement,
  };
  return { ...doc, ...rules, previewStorageKey: null, previewPageCount: 0, link: null, room: share.room };
}
