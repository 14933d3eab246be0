import { type AuditActor, fieldChanges, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Prisma, Room, RoomLink } from "../generated/prisma/client";
import type { RoomLinkUpdate } from "../schemas/rooms";
import { now } from "../time";
import { linkGroup } from "./find-room-group";
import { lockRoom } from "./lock-room";
import { overriddenKeys, roomLinkSettings, type SettingsChange, sentSettings, storedSettings } from "./room-settings";

/**
 * What a room link's change is recorded as: its name, whether it is on, the settings its readers
 * get (whether a password is set, never its hash) and which of them it overrides.
 */
const auditedFields = (room: Room, link: RoomLink) => ({
  name: link.name,
  is_active: link.disabledAt === null,
  ...roomLinkSettings(room, link),
  overrides: overriddenKeys(link),
  group_id: link.groupId,
});

/**
 * The link's overrides after a change: the keys to inherit dropped (with the hash, for `password`),
 * then the settings sent laid over what is left, as a document link's PATCH merges.
 */
function changedOverrides(link: RoomLink, sent: SettingsChange | undefined, inherit: RoomLinkUpdate["inherit"] = []): SettingsChange {
  const overrides: Record<string, unknown> = { ...storedSettings(link.overrides) };
  let passwordHash: string | null | undefined;
  for (const key of inherit) {
    delete overrides[key];
    if (key === "password") passwordHash = null;
  }
  Object.assign(overrides, sent?.settings);
  if (sent?.passwordHash !== undefined) passwordHash = sent.passwordHash;
  return { settings: overrides, ...(passwordHash !== undefined && { passwordHash }) };
}

/**
 * Renames, enables or disables a room link, gives it to one of the room's groups (or the whole
 * room) and merges its overrides of the room's settings. The password is hashed before the room is locked; the merge is made under the lock, onto what the
 * link holds then.
 */
export async function updateRoomLink(by: AuditActor, room: Room, link: RoomLink, update: RoomLinkUpdate): Promise<RoomLink> {
  const sent = update.settings && (await sentSettings(update.settings));
  const changesSettings = Boolean(update.settings || update.inherit);
  return db.$transaction(async (tx) => {
    const locked = await lockRoom(tx, room.id);
    const current = await tx.roomLink.findUnique({ where: { id: link.id } });
    if (!current || current.deletedAt) throw notFound("Link");
    const overrides = changesSettings ? changedOverrides(current, sent, update.inherit) : null;
    const group = update.group_id === undefined ? undefined : await linkGroup(tx, room, update.group_id);
    const data: Prisma.RoomLinkUpdateInput = {
      ...(update.name !== undefined && { name: update.name }),
      ...(update.is_active !== undefined && { disabledAt: update.is_active ? null : (current.disabledAt ?? now()) }),
      ...(overrides && { overrides: overrides.settings as Prisma.JsonObject }),
      ...(overrides?.passwordHash !== undefined && { passwordHash: overrides.passwordHash }),
      ...(group !== undefined && { group: group ? { connect: { id: group.id } } : { disconnect: true } }),
    };
    const updated = await tx.roomLink.update({ where: { id: link.id }, data });
    const changes = fieldChanges(auditedFields(locked, current), auditedFields(locked, updated));
    const passwordReplaced = typeof sent?.passwordHash === "string" && current.passwordHash !== null;
    if (changes || passwordReplaced)
      await recordAudit(tx, by, {
        action: "room.link_updated",
        target: { id: room.id, label: room.name },
        details: {
          link: { code: updated.code, name: updated.name },
          changes: { ...changes, ...(passwordReplaced && { password: { from: "set", to: "replaced" } }) },
        },
      });
    return updated;
  });
}
