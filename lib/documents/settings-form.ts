import type { SETTING_GROUPS, SettingControl, SettingForm } from "../schemas/setting-form";
import { SHARING_SETTING_KEYS, SHARING_SETTINGS } from "../schemas/sharing-settings";
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
type Settings = typeof SHARING_SETTINGS;
type Group = (typeof SETTING_GROUPS)[number];

/** The settings the access rules' fieldset holds: the defaults of every link of the document. */
type AccessRuleKey = { [K in SettingKey]: Settings[K]["form"]["group"] extends "access-rules" ? K : never }[SettingKey];

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
  group: Group;
  default: DocumentSettings[K];
};

/** The settings a checkbox can hold. */
export type CheckboxKey = { [K in SettingKey]: DocumentSettings[K] extends boolean ? K : never }[SettingKey];

/** A checkbox posts "true" when on and nothing when off, so an absent box means off. */
export type CheckboxSetting<K extends SettingKey> = Common<K> & { kind: "checkbox"; needsMail?: true };

type ValueControl = Exclude<SettingControl, "checkbox" | "password">;

/** A disabled control posts nothing, so an absent value leaves the setting as it is. */
export type ValueSetting<K extends SettingKey> = Common<K> & {
  kind: ValueControl;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  toForm(value: DocumentSettings[K]): string;
  fromForm(raw: string, context: FormContext): FormReading;
};

export type Setting<K extends SettingKey = SettingKey> = CheckboxSetting<K> | ValueSetting<K>;

type FormSetting<K extends SettingKey> = Settings[K]["form"]["control"] extends "checkbox" ? CheckboxSetting<K> : ValueSetting<K>;

const passedOn = (raw: string): FormReading => ({ ok: true, value: raw });
const textOrNone = (text: string | null) => text ?? "";

/** How each kind of control shows a setting's value as text, and reads back what it posts. */
const READINGS: { [C in ValueControl]: { toForm(value: never): string; fromForm(raw: string, context: FormContext): FormReading } } = {
  select: { toForm: (value: string) => value, fromForm: passedOn },
  "preview-pages": {
    toForm: (gatePage: number) => String(previewPagesFromGatePage(gatePage)),
    fromForm: (raw, { pageCount }) => {
      const preview = parsePreviewPages(raw, pageCount);
      return preview.ok ? { ok: true, value: preview.gatePage } : preview;
    },
  },
  datetime: { toForm: expiryToInput, fromForm: readExpiry },
  "email-list": { toForm: (list: string[]) => list.join("\n"), fromForm: readEmailList },
  template: { toForm: textOrNone, fromForm: readWatermark },
  terms: { toForm: textOrNone, fromForm: readAgreement },
};

/**
 * Every owner-editable document setting as the forms show it, from its entry in the table of
 * sharing settings (lib/schemas/sharing-settings.ts): all but the password, which a form sets and
 * never shows.
 */
export const DOCUMENT_SETTINGS = Object.fromEntries(
  SHARING_SETTING_KEYS.flatMap((key): [string, object][] => {
    const { form, default: fallback }: { form: SettingForm; default: unknown } = SHARING_SETTINGS[key];
    const common = { key, field: form.field ?? key, label: form.label, hint: form.hint, group: form.group, default: fallback };
    if (form.control === "password") return [];
    if (form.control === "checkbox") return [[key, { ...common, kind: "checkbox", needsMail: form.needsMail }]];
    return [
      [key, { ...common, kind: form.control, options: form.options ?? [], placeholder: form.placeholder, ...READINGS[form.control] }],
    ];
  }),
) as { [K in SettingKey]: FormSetting<K> };

/** The password as the forms set it (never shown). */
export const PASSWORD_FIELD = { field: "password", ...SHARING_SETTINGS.password.form };

const SETTINGS: Setting[] = Object.values(DOCUMENT_SETTINGS);

/** The settings of one group of the form, in the table's order. */
export const settingsIn = (group: Group): Setting[] => SETTINGS.filter((setting) => setting.group === group);

/** The access rules: the defaults of every link of the document (or room). */
export const ACCESS_RULE_KEYS = settingsIn("access-rules").map((setting) => setting.key as AccessRuleKey);

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
