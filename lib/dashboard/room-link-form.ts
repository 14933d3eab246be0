import { invalidInput } from "../errors";
import type { LinkOverrides } from "../links/shared-document";
import type { StoredSettings } from "../rooms/room-settings";
import { ROOM_SETTING_KEYS } from "../schemas/room-setting-keys";
import { type RoomLinkUpdate, updateRoomLinkSchema } from "../schemas/rooms";
import { readLinkForm } from "./link-form-input";

/**
 * A room link is edited with a document link's controls: each setting follows the room or
 * overrides it. The email gate is one choice there, as on the room's own form: asking for an
 * email means the gate stands before the first document (`gate_type` full), none means `none`.
 */

/** The link's overrides as the link form shows them: the gate as one on/off choice. */
export function roomLinkFormOverrides(overrides: StoredSettings): LinkOverrides {
  const { gate_type, email_gate, password, ...rest } = overrides;
  const gate = gate_type === undefined && email_gate === undefined ? {} : { email_gate: email_gate !== false && gate_type !== "none" };
  return { ...rest, ...gate, ...(password && { password }) };
}

/** The edit form as the API's PATCH; every setting is sent, so one put back on "Follow the room" is inherited again. */
export function roomLinkUpdateFromForm(form: FormData): RoomLinkUpdate {
  const { name, settings, inherit } = readLinkForm(form, ROOM_SETTING_KEYS);
  const gate = settings.email_gate;
  const input = {
    name,
    settings: gate === undefined ? settings : { ...settings, gate_type: gate ? "full" : "none" },
    inherit: inherit.includes("email_gate") ? [...inherit, "gate_type"] : inherit,
  };
  const parsed = updateRoomLinkSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}
