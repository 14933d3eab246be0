import type { z } from "zod";
import { hashPassword } from "../credentials/password-hash";
import { assertCanVerifyEmails } from "../documents/verify-needs-mail";
import type { Prisma, Room, RoomLink } from "../generated/prisma/client";
import { ROOM_SETTING_KEYS } from "../schemas/room-setting-keys";
import type { RoomSettingsInput, roomSettingsSchema } from "../schemas/rooms";

export type RoomSettings = z.output<typeof roomSettingsSchema>;

/**
 * Settings as `rooms.settings` and `room_links.overrides` hold them: the API's shape, with
 * `password` a marker that the row's `password_hash` column is meant (null there on a link: no
 * password on this link). On a link a key present overrides the room's value, null included.
 */
export type StoredSettings = Partial<Omit<RoomSettings, "password"> & { password: true }>;

export type SettingsChange = { settings: StoredSettings; passwordHash?: string | null };

/** A new room's settings: every reader gives an email before the first document, as documents' default gate asks. */
export const ROOM_DEFAULTS: Omit<RoomSettings, "password"> = {
  email_gate: true,
  gate_type: "full",
  allow_download: true,
  allow_questions: true,
  expires_at: null,
  verify_email: false,
  allow: [],
  block: [],
  watermark: null,
  agreement: null,
};

export function storedSettings(value: Prisma.JsonValue): StoredSettings {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as StoredSettings) : {};
}

/**
 * The settings as sent, as they are stored: the keys sent, an expiry in UTC; a password hashed (a
 * string) or cleared (null), its marker beside the hash. A room link stores exactly this as its overrides.
 */
export async function sentSettings(input: RoomSettingsInput = {}): Promise<SettingsChange> {
  assertCanVerifyEmails(input.verify_email);
  const settings: Record<string, unknown> = {};
  let passwordHash: string | null | undefined;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (key === "password") {
      settings.password = true;
      passwordHash = value === null ? null : await hashPassword(value as string);
    } else if (key === "expires_at" && value !== null) {
      // Kept as one instant in UTC, as a document's expiry is, whatever offset it was sent with.
      settings.expires_at = new Date(value as string).toISOString();
    } else {
      settings[key] = value;
    }
  }
  return { settings: settings as StoredSettings, ...(passwordHash !== undefined && { passwordHash }) };
}

/** A room's own settings with `sent` merged in: complete, the `password` marker only while a hash is stored. */
export function mergedRoomSettings(room: Pick<Room, "settings"> | null, sent: SettingsChange): StoredSettings {
  const settings: StoredSettings = { ...ROOM_DEFAULTS, ...(room && storedSettings(room.settings)), ...sent.settings };
  if (sent.passwordHash === null) delete settings.password;
  return settings;
}

/** A room's own settings in the API's shape, in its order. */
export function roomSettings(room: Pick<Room, "settings" | "passwordHash">): RoomSettings {
  return inOrder({ ...ROOM_DEFAULTS, ...storedSettings(room.settings), password: room.passwordHash !== null });
}

/**
 * What readers of a room link get: the room's settings with the link's overrides. An allow list or
 * email verification needs an email to check, so either stands the email gate up before the first
 * document, as it does on a document's links.
 */
export function roomLinkSettings(
  room: Pick<Room, "settings" | "passwordHash">,
  link: Pick<RoomLink, "overrides" | "passwordHash">,
): RoomSettings {
  const base = roomSettings(room);
  const overrides = storedSettings(link.overrides);
  const settings = { ...base, ...overrides, password: "password" in overrides ? link.passwordHash !== null : base.password };
  const needsEmail = settings.allow.length > 0 || settings.verify_email;
  const gateStands = settings.email_gate && settings.gate_type !== "none";
  return inOrder(needsEmail && !gateStands ? { ...settings, email_gate: true, gate_type: "full" } : settings);
}

/** The settings a link overrides, in the API's order. */
export const overriddenKeys = (link: Pick<RoomLink, "overrides">) =>
  ROOM_SETTING_KEYS.filter((key) => key in storedSettings(link.overrides));

const inOrder = (settings: RoomSettings) => Object.fromEntries(ROOM_SETTING_KEYS.map((key) => [key, settings[key]])) as RoomSettings;
