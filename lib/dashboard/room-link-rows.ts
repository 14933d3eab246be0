import type { z } from "zod";
import type { LinkOverrides } from "../links/shared-document";
import type { StoredSettings } from "../rooms/room-settings";
import type { RoomSettingKey } from "../schemas/room-setting-keys";
import type { roomLinkSchema } from "../schemas/rooms";
import { roomLinkFormOverrides } from "./room-link-form";

type RoomLink = z.input<typeof roomLinkSchema>;

/** Each setting in the owner's words; the gate's two keys are one setting to them. */
const WORDS: Record<RoomSettingKey, string> = {
  email_gate: "email gate",
  gate_type: "email gate",
  allow_download: "downloads",
  allow_questions: "questions",
  password: "password",
  expires_at: "expiry",
  verify_email: "email verification",
  allow: "readers allowed",
  block: "readers blocked",
  watermark: "watermark",
  agreement: "agreement",
};

export type RoomLinkRow = {
  code: string;
  url: string;
  name: string;
  isActive: boolean;
  /** What the edit form starts from: the link's own values of the settings it overrides. */
  overrides: LinkOverrides;
  /** Which settings it overrides, in words. */
  overridden: string;
  /** The group it opens the room for; null: the whole room. */
  groupId: string | null;
};

/** A room link as its row on the room page shows it. */
export function roomLinkRow(link: RoomLink): RoomLinkRow {
  const own: Record<string, unknown> = Object.fromEntries(link.overrides.map((key) => [key, link.settings[key]]));
  // A password override is a marker (a password of its own, or none on this link): the form can only keep it or replace it.
  if ("password" in own) own.password = true;
  const words = [...new Set(link.overrides.map((key) => WORDS[key]))];
  return {
    code: link.code,
    url: link.url,
    name: link.name,
    isActive: link.is_active,
    overrides: roomLinkFormOverrides(own as StoredSettings),
    overridden: words.length ? `Its own ${words.join(", ")}; the rest follows the room.` : "Follows the room's settings.",
    groupId: link.group_id,
  };
}
