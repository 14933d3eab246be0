import type { Document } from "../generated/prisma/client";
import { accessRuleFields, MAX_LIST_ENTRIES } from "./access-rules";
import type { SettingForm } from "./setting-form";
import { booleanValue, GATE_TYPES, passwordValue } from "./setting-values";
import { z } from "./zod";

/** What an OpenAPI field says beside its type. */
type About = { description?: string; example?: unknown; type?: "integer"; minimum?: number };

const listHint = (what: string) => `One email or domain per line (a domain includes its subdomains), up to ${MAX_LIST_ENTRIES}. ${what}`;

type Entry = {
  column: keyof Document;
  default: unknown;
  link: boolean;
  /** The value as a JSON body sends it (a document's PATCH, a link's overrides): its checks, their errors, its description. */
  input: z.ZodType;
  /**
   * How the multipart upload reads its text field: as a boolean, a whole number, a list (a JSON
   * array or entries by commas or newlines), or `text`, the input itself without null; and what
   * the upload's field says (its default, when it is a value, is added).
   */
  upload: { read: "boolean" | "integer" | "list" | "text"; about?: About };
  /** The value as answers show it, bare as a link's settings show it. */
  output: z.ZodType;
  /** Its description in a document's settings, and in a link's when it differs there. */
  about?: string;
  aboutOnLink?: string;
  form: SettingForm;
};

/**
 * Every sharing setting of a document once: its API name (the key), the column that stores it, its
 * default (the API's, the database's and the forms'; sharing-settings.test.ts holds them to the
 * database), whether a link may override it, and its schemas: the value a JSON body sends, how the
 * upload's form field is read, how answers show it, and how the owner's forms show it. The order is the API's. The upload, the
 * document's PATCH, a link's overrides and the settings in answers are derived from these entries
 * (lib/schemas/sharing-setting-schemas.ts), and creating, updating and serializing a document,
 * applying a link's overrides and serializing a link's settings all read this table, and so do the
 * owner's forms (lib/documents/settings-form.ts, components/dashboard/settings-fields.tsx), so a new
 * setting is an entry here, its migration and the behaviour it drives.
 *
 * `password` is the one setting stored as something else (a hash, shown as whether one is set; a
 * link's own hash is in `links.password_hash`), so it has no default and each reader handles it.
 */
export const SHARING_SETTINGS = {
  email_gate: {
    column: "emailGate",
    default: true,
    link: true,
    input: booleanValue("email_gate"),
    upload: { read: "boolean" },
    output: z.boolean(),
    form: {
      control: "checkbox",
      group: "email-gate",
      label: "Ask readers for their email",
      onLink: { label: "Email gate", inWords: "email gate", choices: ["Ask for an email", "No email gate"], main: true },
    },
  },
  gate_type: {
    column: "gateType",
    default: "preview",
    link: true,
    input: z.enum(GATE_TYPES, { error: "gate_type must be one of preview, full, none" }),
    upload: { read: "text" },
    output: z.enum(GATE_TYPES),
    form: {
      control: "select",
      group: "email-gate",
      label: "When",
      options: [
        { value: "preview", label: "After a free preview" },
        { value: "full", label: "Before page 1" },
        { value: "none", label: "Never (no gate)" },
      ],
    },
  },
  gate_page: {
    column: "gatePage",
    default: 3,
    link: true,
    input: z.number({ error: "gate_page must be an integer" }).int("gate_page must be an integer").min(1, "gate_page must be at least 1"),
    upload: {
      read: "integer",
      about: {
        type: "integer",
        minimum: 1,
        description: "1 to page_count; an omitted default is lowered to page_count for shorter documents",
      },
    },
    output: z.number().int(),
    form: {
      // Owners count free pages; the API names the page the gate stands on (N free pages = gate_page N + 1).
      control: "preview-pages",
      group: "email-gate",
      field: "preview_pages",
      label: "Free preview pages",
      hint: "Pages readers see before the gate asks for an email",
    },
  },
  allow_download: {
    column: "allowDownload",
    default: true,
    link: true,
    input: booleanValue("allow_download"),
    upload: { read: "boolean" },
    output: z.boolean(),
    form: {
      control: "checkbox",
      group: "reading",
      label: "Allow download",
      hint: "Readers can save the original PDF",
      onLink: { label: "Downloads", inWords: "downloads", choices: ["Allowed", "Not allowed"], main: true },
    },
  },
  download_original: {
    column: "downloadOriginal",
    default: false,
    link: false,
    input: booleanValue("download_original"),
    upload: { read: "boolean" },
    output: z.boolean(),
    about:
      "For a document uploaded as an office file or image (source_type), where downloads are allowed readers download that original instead of the PDF made from it; a watermark always gives the watermarked PDF (additive)",
    form: {
      control: "checkbox",
      group: "reading",
      label: "Download the original file",
      hint: "For a Word, Excel or PowerPoint file or an image: readers get it as uploaded, not the PDF (a watermark always gives the PDF)",
    },
  },
  block_free_emails: {
    column: "blockFreeEmails",
    default: false,
    link: true,
    input: booleanValue("block_free_emails"),
    upload: { read: "boolean" },
    output: z.boolean(),
    form: {
      control: "checkbox",
      group: "reading",
      label: "Require a work email",
      hint: "Refuse gmail.com, yahoo.com and other free providers",
      onLink: { label: "Work emails only", inWords: "work-email rule", choices: ["Require a work email", "Accept any email"] },
    },
  },
  password: {
    column: "passwordHash",
    default: null,
    link: true,
    input: passwordValue.nullable().openapi({ description: "A string of 8 to 128 characters sets it; null clears it" }),
    upload: { read: "text", about: { description: "8 to 128 characters; readers must enter it first" } },
    output: z.boolean(),
    about: "Whether a password is set",
    aboutOnLink: "Whether readers of this link need a password",
    form: { control: "password", group: "password", label: "Password", onLink: { label: "Password", inWords: "password", main: true } },
  },
  allow_questions: {
    column: "allowQuestions",
    default: true,
    link: false,
    input: booleanValue("allow_questions"),
    upload: { read: "boolean" },
    output: z.boolean(),
    about: "Readers who passed the gate may ask the team questions (additive)",
    form: {
      control: "checkbox",
      group: "reading",
      label: "Allow questions",
      hint: "Readers can ask about the document or a page; answers come from the Questions inbox",
    },
  },
  notifications_enabled: {
    column: "notificationsEnabled",
    default: true,
    link: false,
    input: booleanValue("notifications_enabled"),
    upload: { read: "boolean" },
    output: z.boolean(),
    form: {
      control: "checkbox",
      group: "reading",
      label: "Email me when it is viewed",
      hint: "A digest of who read it and how far, at most one email every few minutes",
    },
  },
  expires_at: {
    column: "expiresAt",
    default: null,
    link: true,
    input: accessRuleFields.expires_at,
    upload: { read: "text", about: { description: "ISO 8601; afterwards the link answers 410" } },
    output: z.string().nullable().openapi({ format: "date-time" }),
    about: "After this the link answers 410; null: never",
    form: {
      control: "datetime",
      group: "access-rules",
      label: "Link expires (your local time)",
      hint: "Afterwards the link shows “This link has expired”. Empty: never.",
      onLink: { label: "Expiry", inWords: "expiry", main: true },
    },
  },
  verify_email: {
    column: "verifyEmail",
    default: false,
    link: true,
    input: accessRuleFields.verify_email,
    upload: { read: "boolean", about: { description: "Readers prove their email with a one-time code" } },
    output: z.boolean(),
    about: "Readers prove their email with a one-time 6-digit code",
    form: {
      control: "checkbox",
      group: "access-rules",
      label: "Verify readers' emails",
      hint: "Readers enter a 6-digit code sent to their email; turns the email gate on",
      needsMail: true,
      onLink: { label: "Verify emails with a code", inWords: "email verification", choices: ["Verify", "Do not verify"] },
    },
  },
  allow: {
    column: "allowList",
    default: [] as string[],
    link: true,
    input: accessRuleFields.allow,
    upload: {
      read: "list",
      about: {
        description: "Emails and domains that may read: a JSON array, or entries separated by commas or newlines (at most 500)",
        example: "acme.com, jane@partner.io",
      },
    },
    output: z.array(z.string()),
    about: "Emails and domains that may read; empty: everyone",
    form: {
      control: "email-list",
      group: "access-rules",
      label: "Only these readers",
      hint: listHint("Empty: anyone. A list turns the email gate on."),
      placeholder: "acme.com\njane@partner.io",
      onLink: { label: "Allow only", inWords: "readers allowed" },
    },
  },
  block: {
    column: "blockList",
    default: [] as string[],
    link: true,
    input: accessRuleFields.block,
    upload: {
      read: "list",
      about: {
        description: "Emails and domains that may not read: a JSON array, or entries separated by commas or newlines (at most 500)",
      },
    },
    output: z.array(z.string()),
    about: "Emails and domains that may not read",
    form: {
      control: "email-list",
      group: "access-rules",
      label: "Never these readers",
      hint: listHint("Wins over the list of readers allowed."),
      placeholder: "competitor.com",
      onLink: { label: "Block", inWords: "readers blocked" },
    },
  },
  watermark: {
    column: "watermark",
    default: null,
    link: true,
    input: accessRuleFields.watermark,
    upload: { read: "text", about: { description: "Template drawn over every page: {email}, {date}, {ip}" } },
    output: z.string().nullable(),
    about: "Template drawn over every page; null: none",
    form: {
      control: "template",
      group: "access-rules",
      label: "Watermark",
      hint: "Drawn over every page and burned into downloads. {email}: the reader's email (“anonymous” before the gate), {date}: the day of reading (UTC), {ip}: the reader's address. Empty: none.",
      placeholder: "Confidential · {email} · {date}",
      onLink: { label: "Watermark", inWords: "watermark" },
    },
  },
  agreement: {
    column: "agreement",
    default: null,
    link: true,
    input: accessRuleFields.agreement,
    upload: { read: "text", about: { description: "Text or one https URL the reader accepts before reading" } },
    output: z.string().nullable(),
    about: "Text or https URL accepted before reading; null: none",
    form: {
      control: "terms",
      group: "access-rules",
      label: "Agreement",
      hint: "Text, or an https:// link to it, that readers accept before reading; each acceptance is recorded. Empty: none.",
      placeholder: "I agree to keep this document confidential.",
      onLink: { label: "Agreement", inWords: "agreement" },
    },
  },
} as const satisfies Record<string, Entry>;

export type SharingSettingKey = keyof typeof SHARING_SETTINGS;

const entries = Object.entries(SHARING_SETTINGS) as [SharingSettingKey, Entry][];

/** The settings a link may override. */
export type LinkSettingKey = { [K in SharingSettingKey]: (typeof SHARING_SETTINGS)[K]["link"] extends true ? K : never }[SharingSettingKey];

/** The settings a link may override, in the order the API shows them. */
export const LINK_SETTING_KEYS = entries.filter(([, setting]) => setting.link).map(([key]) => key) as [LinkSettingKey, ...LinkSettingKey[]];

/** Every setting's key, in the API's order. */
export const SHARING_SETTING_KEYS = entries.map(([key]) => key);

/** The value stored for a setting as the API states it (a date is stored as a Date, sent as ISO 8601). */
function storedValue(key: SharingSettingKey, value: unknown): unknown {
  if (key === "expires_at") return typeof value === "string" ? new Date(value) : null;
  return value;
}

/** The settings `keys` of a row (a document, or one with a link's overrides applied) in the API's shape. */
export function apiSettings(row: Pick<Document, SharingColumn>, keys: readonly SharingSettingKey[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, apiValue(key, row[SHARING_SETTINGS[key].column])]));
}

/** The settings `keys` of a document made with every default, in the API's shape. */
export function defaultApiSettings(keys: readonly SharingSettingKey[]): Record<string, unknown> {
  const row = Object.fromEntries(entries.map(([, setting]) => [setting.column, setting.default]));
  return apiSettings(row as Pick<Document, SharingColumn>, keys);
}

function apiValue(key: SharingSettingKey, value: unknown): unknown {
  // Whether a password is set, never its hash.
  if (key === "password") return value !== null;
  if (key === "expires_at") return value instanceof Date ? value.toISOString() : null;
  return value;
}

/** The columns the settings are stored in. */
export type SharingColumn = (typeof SHARING_SETTINGS)[SharingSettingKey]["column"];

/** Every setting but the password (a hash, made apart) as a new document stores it: the value sent, else the default. */
export function storedSettings(input: Partial<Record<SharingSettingKey, unknown>>): Partial<Pick<Document, SharingColumn>> {
  return columnsOf(entries.filter(([key]) => key !== "password").map(([key, setting]) => [key, input[key] ?? setting.default]));
}

/** The columns an update changes: every setting but the password that it sends. */
export function changedSettings(update: Partial<Record<SharingSettingKey, unknown>>): Partial<Pick<Document, SharingColumn>> {
  return columnsOf(entries.filter(([key]) => key !== "password" && update[key] !== undefined).map(([key]) => [key, update[key]]));
}

/**
 * A document's settings with a link's overrides applied, but the password (the link's own hash is
 * elsewhere): a key present overrides the document's value (null, for a setting whose default is
 * none, means none on this link); a key left out follows the document.
 */
export function overriddenSettings(
  doc: Pick<Document, SharingColumn>,
  overrides: Partial<Record<LinkSettingKey, unknown>>,
): Partial<Pick<Document, SharingColumn>> {
  return columnsOf(
    LINK_SETTING_KEYS.filter((key) => key !== "password" && key in overrides).map((key) => {
      const { column, default: fallback } = SHARING_SETTINGS[key];
      return [key, overrides[key] ?? (fallback === null ? null : doc[column])];
    }),
  );
}

function columnsOf(values: [SharingSettingKey, unknown][]): Partial<Pick<Document, SharingColumn>> {
  return Object.fromEntries(
    values.map(([key, value]) => [SHARING_SETTINGS[key].column, Array.isArray(value) ? [...value] : storedValue(key, value)]),
  );
}
