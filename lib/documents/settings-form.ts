import { MAX_LIST_ENTRIES } from "../schemas/access-rules";
import { SHARING_SETTINGS } from "../schemas/sharing-settings";
import type { z } from "zod";
import type { settingsSchema } from "../schemas/documents";
import { expiryToInput, readAgreement, readEmailList, readExpiry, readWatermark } from "./access-rule-inputs";
import { parsePreviewPages, previewPagesFromGatePage } from "./preview-pages";

/**
 * A document's settings in the API's shape (docs/api-contract.md), as the owner's forms show and
 * edit them: all but `password`, which a form sets and never shows. The access rules (`expires_at`
 * to `agreement`) are the defaults of every link of the document.
 */
export type DocumentSettings = Omit<z.output<typeof settingsSchema>, "password">;

type SettingKey = keyof DocumentSettings;

export const ACCESS_RULE_KEYS = ["expires_at", "verify_email", "allow", "block", "watermark", "agreement"] as const satisfies SettingKey[];
type AccessRuleKey = (typeof ACCESS_RULE_KEYS)[number];

/** What the forms are given to show: a document's settings, where access rules not (yet) known show as none. */
export type SettingsValues = Omit<DocumentSettings, AccessRuleKey> & Partial<Pick<DocumentSettings, AccessRuleKey>>;

/** What the forms know about a document when they read a setting. */
export type FormContext = { pageCount: number };

/** A value for the API (its schema has the last word), or the problem in the owner's words. */
export type FormReading = { ok: true; value: unknown } | { ok: false; message: string };

type Common<K extends SettingKey> = {
  key: K;
  /** The form field's name; differs from `key` where the form shows the value another way. */
  field: string;
  label: string;
  hint?: string;
  default: DocumentSettings[K];
};

/** The settings a checkbox can hold. */
export type CheckboxKey = { [K in SettingKey]: DocumentSettings[K] extends boolean ? K : never }[SettingKey];

/** A checkbox posts "true" when on and nothing when off, so an absent box means off. */
export type CheckboxSetting<K extends SettingKey> = Common<K> & { kind: "checkbox" };

/** A disabled control posts nothing, so an absent value leaves the setting as it is. */
export type ValueSetting<K extends SettingKey> = Common<K> & {
  kind: "number" | "select" | "text" | "textarea" | "datetime";
  options?: ReadonlyArray<{ value: string; label: string }>;
  toForm(value: DocumentSettings[K]): string;
  fromForm(raw: string, context: FormContext): FormReading;
};

export type Setting<K extends SettingKey = SettingKey> = CheckboxSetting<K> | ValueSetting<K>;

const passedOn = (raw: string): FormReading => ({ ok: true, value: raw });
const listHint = (what: string) => `One email or domain per line (a domain includes its subdomains), up to ${MAX_LIST_ENTRIES}. ${what}`;

/** Every owner-editable document setting, once. Adding one is an entry here and its control. */
export const DOCUMENT_SETTINGS = {
  email_gate: {
    key: "email_gate",
    field: "email_gate",
    kind: "checkbox",
    label: "Ask readers for their email",
    default: SHARING_SETTINGS.email_gate.default,
  },
  gate_type: {
    key: "gate_type",
    field: "gate_type",
    kind: "select",
    label: "When",
    default: SHARING_SETTINGS.gate_type.default,
    options: [
      { value: "preview", label: "After a free preview" },
      { value: "full", label: "Before page 1" },
      { value: "none", label: "Never (no gate)" },
    ],
    toForm: (value) => value,
    fromForm: passedOn,
  },
  // Owners count free pages; the API names the page the gate stands on (N free pages = gate_page N + 1).
  gate_page: {
    key: "gate_page",
    field: "preview_pages",
    kind: "number",
    label: "Free preview pages",
    hint: "Pages readers see before the gate asks for an email",
    default: SHARING_SETTINGS.gate_page.default,
    toForm: (gatePage) => String(previewPagesFromGatePage(gatePage)),
    fromForm: (raw, { pageCount }) => {
      const preview = parsePreviewPages(raw, pageCount);
      return preview.ok ? { ok: true, value: preview.gatePage } : preview;
    },
  },
  allow_download: {
    key: "allow_download",
    field: "allow_download",
    kind: "checkbox",
    label: "Allow download",
    hint: "Readers can save the original PDF",
    default: SHARING_SETTINGS.allow_download.default,
  },
  block_free_emails: {
    key: "block_free_emails",
    field: "block_free_emails",
    kind: "checkbox",
    label: "Require a work email",
    hint: "Refuse gmail.com, yahoo.com and other free providers",
    default: SHARING_SETTINGS.block_free_emails.default,
  },
  notifications_enabled: {
    key: "notifications_enabled",
    field: "notifications_enabled",
    kind: "checkbox",
    label: "Email me when it is viewed",
    hint: "A digest of who read it and how far, at most one email every few minutes",
    default: SHARING_SETTINGS.notifications_enabled.default,
  },
  expires_at: {
    key: "expires_at",
    field: "expires_at",
    kind: "datetime",
    label: "Link expires (your local time)",
    hint: "Afterwards the link shows “This link has expired”. Empty: never.",
    default: SHARING_SETTINGS.expires_at.default,
    toForm: expiryToInput,
    fromForm: readExpiry,
  },
  verify_email: {
    key: "verify_email",
    field: "verify_email",
    kind: "checkbox",
    label: "Verify readers' emails",
    hint: "Readers enter a 6-digit code sent to their email; turns the email gate on",
    default: SHARING_SETTINGS.verify_email.default,
  },
  allow: {
    key: "allow",
    field: "allow",
    kind: "textarea",
    label: "Only these readers",
    hint: listHint("Empty: anyone. A list turns the email gate on."),
    default: SHARING_SETTINGS.allow.default,
    toForm: (list) => list.join("\n"),
    fromForm: readEmailList,
  },
  block: {
    key: "block",
    field: "block",
    kind: "textarea",
    label: "Never these readers",
    hint: listHint("Wins over the list of readers allowed."),
    default: SHARING_SETTINGS.block.default,
    toForm: (list) => list.join("\n"),
    fromForm: readEmailList,
  },
  watermark: {
    key: "watermark",
    field: "watermark",
    kind: "text",
    label: "Watermark",
    hint: "Drawn over every page and burned into downloads. {email}: the reader's email (“anonymous” before the gate), {date}: the day of reading (UTC), {ip}: the reader's address. Empty: none.",
    default: SHARING_SETTINGS.watermark.default,
    toForm: (template) => template ?? "",
    fromForm: readWatermark,
  },
  agreement: {
    key: "agreement",
    field: "agreement",
    kind: "textarea",
    label: "Agreement",
    hint: "Text, or an https:// link to it, that readers accept before reading; each acceptance is recorded. Empty: none.",
    default: SHARING_SETTINGS.agreement.default,
    toForm: (text) => text ?? "",
    fromForm: readAgreement,
  },
} satisfies { [K in SettingKey]: Setting<K> };

const SETTINGS: Setting[] = Object.values(DOCUMENT_SETTINGS);

export const DEFAULT_SETTINGS = Object.fromEntries(SETTINGS.map((s) => [s.key, s.default])) as DocumentSettings;

/** The API's "false" for every box left unchecked, for a form posted to the API as it is. */
export function withUncheckedBoxes(form: FormData) {
  for (const setting of SETTINGS) {
    if (setting.kind === "checkbox" && !form.has(setting.field)) form.set(setting.field, "false");
  }
  return form;
}

/**
 * The posted settings as an update in the API's shape (PATCH semantics), with the problems keyed
 * by form field name.
 */
export function readSettingsFields(form: FormData, context: FormContext) {
  const input: Record<string, unknown> = {};
  const fieldErrors: Record<string, string> = {};
  for (const setting of SETTINGS) {
    const raw = form.get(setting.field);
    if (setting.kind === "checkbox") {
      input[setting.key] = raw === "true";
      continue;
    }
    if (raw === null) continue;
    const reading = setting.fromForm(String(raw), context);
    if (reading.ok) input[setting.key] = reading.value;
    else fieldErrors[setting.field] = reading.message;
  }
  return { input, fieldErrors };
}

/**
 * A form posted as multipart to the upload (which takes text fields): each access rule in the API's
 * shape as text (lists as JSON arrays), left out when it is none, with the problems keyed by form
 * field name.
 */
export function setAccessRulesAsUploadFields(form: FormData): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const setting of SETTINGS) {
    if (setting.kind === "checkbox" || !(ACCESS_RULE_KEYS as readonly string[]).includes(setting.key)) continue;
    const raw = form.get(setting.field);
    if (raw === null) continue;
    const reading = setting.fromForm(String(raw), { pageCount: 0 });
    if (!reading.ok) fieldErrors[setting.field] = reading.message;
    else if (reading.value === null || (Array.isArray(reading.value) && reading.value.length === 0)) form.delete(setting.field);
    else form.set(setting.field, Array.isArray(reading.value) ? JSON.stringify(reading.value) : String(reading.value));
  }
  return fieldErrors;
}

/** An API error's `fields` (keyed by API name, e.g. `gate_page`) keyed by the form's field names instead. */
export function formFieldProblems(fields: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [SETTINGS.find((s) => s.key === key)?.field ?? key, message]));
}
