import type { Document } from "../generated/prisma/client";

type Entry = { column: keyof Document; default: unknown; link: boolean };

/**
 * Every sharing setting of a document once: its API name (the key), the column that stores it, its
 * default (the API's, the database's and the forms'; sharing-settings.test.ts holds them to the
 * database), and whether a link may override it. The order is the API's. Creating, updating and
 * serializing a document, applying a link's overrides and serializing a link's settings all read
 * this table, so a new setting is an entry here, its migration, its input schemas and the behaviour
 * it drives.
 *
 * `password` is the one setting stored as something else (a hash, shown as whether one is set; a
 * link's own hash is in `links.password_hash`), so it has no default and each reader handles it.
 */
export const SHARING_SETTINGS = {
  email_gate: { column: "emailGate", default: true, link: true },
  gate_type: { column: "gateType", default: "preview", link: true },
  gate_page: { column: "gatePage", default: 3, link: true },
  allow_download: { column: "allowDownload", default: true, link: true },
  block_free_emails: { column: "blockFreeEmails", default: false, link: true },
  password: { column: "passwordHash", default: null, link: true },
  notifications_enabled: { column: "notificationsEnabled", default: true, link: false },
  expires_at: { column: "expiresAt", default: null, link: true },
  verify_email: { column: "verifyEmail", default: false, link: true },
  allow: { column: "allowList", default: [] as string[], link: true },
  block: { column: "blockList", default: [] as string[], link: true },
  watermark: { column: "watermark", default: null, link: true },
  agreement: { column: "agreement", default: null, link: true },
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
