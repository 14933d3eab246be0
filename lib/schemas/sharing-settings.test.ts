import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { apiSettings, changedSettings, LINK_SETTING_KEYS, overriddenSettings, SHARING_SETTINGS, storedSettings } from "./sharing-settings";

const snakeCase = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A column's default as PostgreSQL states it, for the table's default in JavaScript. */
function databaseDefault(value: unknown): RegExp | null {
  if (value === null) return null;
  if (Array.isArray(value)) return value.length === 0 ? /^(ARRAY\[\]::text\[\]|'\{\}'::text\[\])$/ : /never/;
  if (typeof value === "string") return new RegExp(`^'${value}'::`);
  return new RegExp(`^${String(value)}$`);
}

describe("the table of sharing settings", () => {
  it("states each default as the database does: a document made without a setting has the table's value", async () => {
    const columns = await db.$queryRaw<Array<{ column_name: string; column_default: string | null; is_nullable: string }>>`
      SELECT column_name, column_default, is_nullable FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'documents'`;
    for (const [key, setting] of Object.entries(SHARING_SETTINGS)) {
      const column = columns.find((c) => c.column_name === snakeCase(setting.column));
      expect(column, `${key}'s column ${snakeCase(setting.column)}`).toBeDefined();
      const expected = databaseDefault(setting.default);
      if (expected === null) {
        expect([key, column!.column_default, column!.is_nullable]).toEqual([key, null, "YES"]);
      } else {
        expect(column!.column_default, key).toMatch(expected);
      }
    }
  });

  it("stores what an upload sends, else the default; an update changes only what it sends", () => {
    expect(storedSettings({ allow_download: false, expires_at: "2030-01-01T00:00:00.000Z", allow: ["acme.com"] })).toMatchObject({
      allowDownload: false,
      blockFreeEmails: false,
      expiresAt: new Date("2030-01-01T00:00:00.000Z"),
      allowList: ["acme.com"],
      blockList: [],
      watermark: null,
    });
    expect(storedSettings({})).not.toHaveProperty("passwordHash");
    expect(changedSettings({ watermark: null, verify_email: true, expires_at: null })).toEqual({
      watermark: null,
      verifyEmail: true,
      expiresAt: null,
    });
  });

  it("applies a link's overrides: a key present wins (null meaning none on this link), a key left out follows the document", () => {
    const doc = {
      ...storedSettings({ watermark: "{email}", expires_at: "2030-01-01T00:00:00.000Z", block: ["x.com"] }),
      passwordHash: null,
    };
    const shared = { ...doc, ...overriddenSettings(doc as never, { watermark: null, allow_download: false, gate_page: 2 }) };
    expect(shared).toMatchObject({ watermark: null, allowDownload: false, gatePage: 2, blockList: ["x.com"], expiresAt: doc.expiresAt });
    expect(apiSettings(shared as never, LINK_SETTING_KEYS)).toMatchObject({
      password: false,
      expires_at: "2030-01-01T00:00:00.000Z",
      watermark: null,
      block: ["x.com"],
    });
    expect(LINK_SETTING_KEYS).not.toContain("notifications_enabled");
  });
});
