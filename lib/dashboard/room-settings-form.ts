import { z } from "zod";
import { ROOM_GATE_TYPES, roomSettingsInput } from "../schemas/rooms";

/**
 * The room settings form's fields as the API's settings change: an unchecked checkbox posts
 * nothing (so off), an empty expiry means never, and an empty password keeps the one set unless
 * "Remove the password" is checked.
 */
export const roomSettingsForm = z
  .object({
    gate_type: z.enum(ROOM_GATE_TYPES, { error: "Choose whether readers pass a gate" }),
    allow_download: z.literal("true").optional(),
    expires_at: z.string().optional(),
    password: z.string().optional(),
    clear_password: z.literal("true").optional(),
  })
  .transform((form): z.input<typeof roomSettingsInput> => ({
    gate_type: form.gate_type,
    allow_download: form.allow_download === "true",
    expires_at: form.expires_at ?? null,
    ...(form.clear_password ? { password: null } : form.password ? { password: form.password } : {}),
  }))
  .pipe(roomSettingsInput);
