/**
 * The control that shows a setting in the owner's forms: each kind is one control
 * (components/dashboard/setting-control.tsx) and one reading of what it posts
 * (lib/documents/settings-form.ts). `template` is a watermark's text with the reader's fields,
 * `terms` an agreement's text or address; `password` is set, never shown.
 */
export type SettingControl = "checkbox" | "select" | "preview-pages" | "password" | "datetime" | "email-list" | "template" | "terms";

/** Where a control stands, in this order: the email gate, the reading options, the password, the access rules (the links' defaults). */
export const SETTING_GROUPS = ["email-gate", "reading", "password", "access-rules"] as const;

/** A setting as the owner's forms show it: its control, group, label and hint; `field` where the form names it otherwise. */
export type SettingForm = {
  control: SettingControl;
  group: (typeof SETTING_GROUPS)[number];
  label: string;
  hint?: string;
  field?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  /** Shown off, and not to be turned on, without an email server (its codes go by email). */
  needsMail?: true;
  /** How a link's form asks whether the link overrides it; a setting without one is not in links' forms. */
  onLink?: LinkForm;
};

/**
 * A setting in a link's form (components/dashboard/link-setting-field.tsx), where each either
 * follows the document (or room) or overrides it: its label there, a checkbox's two overriding
 * answers, and whether it stands at the top of the form (`main`) or folds away under "More rules".
 */
export type LinkForm = {
  label: string;
  /** What a link's row says it overrides ("Its own downloads, expiry; …"). */
  inWords: string;
  choices?: readonly [on: string, off: string];
  main?: true;
};
