import type { z } from "zod";
import type { LinkOverrides } from "../links/shared-document";
import type { StoredSettings } from "../rooms/room-settings";
import type { roomLinkSchema } from "../schemas/rooms";
import { overridesInWords } from "../schemas/link-form-settings";
import { roomLinkFormOverrides } from "./room-link-form";

type RoomLink = z.input<typeof roomLinkSchema>;

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
  return {
    code: link.code,
    url: link.url,
    name: link.name,
    isActive: link.is_active,
    overrides: roomLinkFormOverrides(own as StoredSettings),
    overridden: overridesInWords(link.overrides, "room"),
    groupId: link.group_id,
  };
}
