import type { FieldProblems } from "../errors";
import { LINK_FORM_SETTINGS, type LinkFormSetting } from "../schemas/link-form-settings";
import type { LinkSettingKey } from "../schemas/sharing-settings";

/** "document" follows the document; the other choices override it. */
export type TriState = "document" | "on" | "off";
export type PasswordChoice = "document" | "none" | "keep" | "set";
export type ExpiryChoice = "document" | "never" | "at";

export type LinkFormInput = { name: string; settings: Record<string, unknown>; inherit: LinkSettingKey[] };

/** The form field holding a setting's choice, where its value has a field of its own (an expiry's time, a new password). */
export const choiceField = (key: string) => `${key}_mode`;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** One setting's answer in the form: a value that overrides, "keep" the link's own, or "inherit". */
function readSetting(form: FormData, { key, control }: LinkFormSetting): { value: unknown } | "keep" | "inherit" {
  switch (control) {
    case "checkbox": {
      const choice = text(form, key) as TriState;
      return choice === "on" || choice === "off" ? { value: choice === "on" } : "inherit";
    }
    case "datetime": {
      const choice = text(form, choiceField(key)) as ExpiryChoice;
      if (choice === "never") return { value: null };
      return choice === "at" ? { value: toUtc(text(form, key)) } : "inherit";
    }
    case "password": {
      const choice = text(form, choiceField(key)) as PasswordChoice;
      if (choice === "none") return { value: null };
      if (choice === "set") return { value: typeof form.get(key) === "string" ? form.get(key) : "" };
      return choice === "document" ? "inherit" : "keep";
    }
    case "email-list": {
      const entries = text(form, key)
        .split(/[\s,;]+/)
        .filter(Boolean);
      return entries.length ? { value: entries } : "inherit";
    }
    default: {
      const value = text(form, key);
      return value ? { value } : "inherit";
    }
  }
}

/**
 * The link form as the API's create/PATCH input, for the settings links' forms ask
 * (`LINK_FORM_SETTINGS`, or those of them in `keys`). Each setting either follows the document
 * (inherit) or overrides it; a blank list, watermark or agreement follows the document, so the
 * dashboard cannot set "none on this link" for those (the API can, with null or []); a password
 * left on "keep" is neither. Expiry arrives as the instant the browser read from the owner's local
 * time (or, without a zone, UTC).
 */
export function readLinkForm(form: FormData, keys?: readonly string[]): LinkFormInput {
  const settings: Record<string, unknown> = {};
  const inherit: LinkSettingKey[] = [];
  for (const setting of LINK_FORM_SETTINGS) {
    if (keys && !keys.includes(setting.key)) continue;
    const answer = readSetting(form, setting);
    if (answer === "inherit") inherit.push(setting.key);
    else if (answer !== "keep") settings[setting.key] = answer.value;
  }
  return { name: text(form, "name"), settings, inherit };
}

/** `2026-12-31T18:00` (UTC) → ISO 8601; an instant or anything else is passed on for the schema to judge. */
function toUtc(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00Z` : value;
}

/** The API's field problems under the form's field names (`settings.expires_at` → `expires_at`). */
export function linkFieldProblems(fields: FieldProblems | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const name = key.replace(/^settings\./, "").split(".")[0]!;
    problems[name] ??= message;
  }
  return problems;
}
