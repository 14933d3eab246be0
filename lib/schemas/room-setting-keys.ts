/* A module of its own, free of imports, so client components (the room link dialog) can read it. */

/** A room's settings, in the order the API shows them; a room link may override each. */
export const ROOM_SETTING_KEYS = [
  "email_gate",
  "gate_type",
  "allow_download",
  "allow_questions",
  "password",
  "expires_at",
  "verify_email",
  "allow",
  "block",
  "watermark",
  "agreement",
] as const;

export type RoomSettingKey = (typeof ROOM_SETTING_KEYS)[number];
