import type { FieldProblems } from "../errors";
import type { LinkSettingKey } from "../schemas/sharing-settings";

/** "document" follows the document; the other choices override it. */
export type TriState = "document" | "on" | "off";
export type PasswordChoice = "document" | "none" | "keep" | "set";
export type ExpiryChoice = "document" | "never" | "at";

export type LinkFormInput = { name: string; settings: Record<string, unknown>; inherit: LinkSettingKey[] };

const TOGGLES = ["email_gate", "allow_download", "verify_email"] as const;
const TEXTS = ["watermark", "agreement"] as const;
const LISTS = ["allow", "block"] as const;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/**
 * The link form as the API's create/PATCH input. Each setting either follows the document
 * (inherit) or overrides it; a blank list, watermark or agreement follows the document, so the
 * dashboard cannot set "none on this link" for those (the API can, with null or []).
 * Expiry arrives as the instant the browser read from the owner's local time (or, without a zone, UTC).
 */
export function readLinkForm(form: FormData): LinkFormInput {
  const settings: Record<string, unknown> = {};
  const inherit: LinkSettingKey[] = [];
  for (const key of TOGGLES) {
    const choice = text(form, key) as TriState;
    if (choice === "on" || choice === "off") settings[key] = choice === "on";
    else inherit.push(key);
  }
  const expiry = text(form, "expiry") as ExpiryChoice;
  if (expiry === "never") settings.expires_at = null;
  else if (expiry === "at") settings.expires_at = toUtc(text(form, "expires_at"));
  else inherit.push("expires_at");

  const password = text(form, "password_mode") as PasswordChoice;
  if (password === "none") settings.password = null;
  else if (password === "set") settings.password = typeof form.get("password") === "string" ? form.get("password") : "";
  else if (password === "document") inherit.push("password");

  for (const key of LISTS) {
    const entries = text(form, key)
      .split(/[\s,;]+/)
      .filter(Boolean);
    if (entries.length) settings[key] = entries;
    else inherit.push(key);
  }
  for (const key of TEXTS) {
    const value = text(form, key);
    if (value) settings[key] = value;
    else inherit.push(key);
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
