import { ApiError, invalidInput } from "../errors";
import { ACCESS_RULE_KEYS, DOCUMENT_SETTINGS } from "../documents/settings-form";
import { type RoomUpdate, updateRoomSchema } from "../schemas/rooms";

const CHECKED = "true";

/**
 * The room's settings form (name, description, gate, downloads, password and the access rules) as
 * the API's update, under the API's rules; a problem is an ApiError naming the form's fields. The
 * access rules are read as the document form reads them (the same controls post them). The gate
 * is one choice: asking for an email means the gate stands (`email_gate` on, `gate_type` full).
 * An empty password keeps the one set unless "Remove the password" is checked.
 */
export function roomUpdateFromForm(form: FormData): RoomUpdate {
  const text = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
  const gated = text("gate_type") !== "none";
  const settings: Record<string, unknown> = {
    email_gate: gated,
    gate_type: gated ? "full" : "none",
    allow_download: text("allow_download") === CHECKED,
    allow_questions: text("allow_questions") === CHECKED,
  };
  if (text("clear_password") === CHECKED) settings.password = null;
  else if (text("password")) settings.password = text("password");

  const problems: Record<string, string> = {};
  for (const key of ACCESS_RULE_KEYS) {
    const setting = DOCUMENT_SETTINGS[key];
    if (setting.kind === "checkbox") {
      settings[key] = text(setting.field) === CHECKED;
      continue;
    }
    const reading = setting.fromForm(text(setting.field), { pageCount: 0 });
    if (reading.ok) settings[key] = reading.value;
    else problems[setting.field] = reading.message;
  }
  const [first] = Object.values(problems);
  if (first) throw new ApiError("validation_error", first, { fields: problems });

  const parsed = updateRoomSchema.safeParse({ name: text("name"), description: text("description"), settings });
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}
