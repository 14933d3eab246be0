import { describe, expect, it } from "vitest";
import { updateDocumentSchema } from "../schemas/documents";
import { SHARING_SETTING_KEYS, SHARING_SETTINGS } from "../schemas/sharing-settings";
import {
  ACCESS_RULE_KEYS,
  DEFAULT_SETTINGS,
  DOCUMENT_SETTINGS,
  readSettingsFields,
  setAccessRulesAsUploadFields,
  settingsIn,
  withUncheckedBoxes,
} from "./settings-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the document settings form", () => {
  it("starts a new document with docs/api-contract.md's defaults", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      email_gate: true,
      gate_type: "preview",
      gate_page: 3,
      allow_download: true,
      block_free_emails: false,
      download_original: false,
      allow_questions: true,
      notifications_enabled: true,
      expires_at: null,
      verify_email: false,
      allow: [],
      block: [],
      watermark: null,
      agreement: null,
    });
  });

  it("shows every setting of the table of sharing settings but the password, named, explained and grouped there", () => {
    expect(Object.keys(DOCUMENT_SETTINGS)).toEqual(SHARING_SETTING_KEYS.filter((key) => key !== "password"));
    for (const setting of Object.values(DOCUMENT_SETTINGS)) {
      const { form } = SHARING_SETTINGS[setting.key];
      expect([setting.label, setting.hint, setting.group], setting.key).toEqual([
        form.label,
        "hint" in form ? form.hint : undefined,
        form.group,
      ]);
    }
    expect(settingsIn("email-gate").map((setting) => setting.key)).toEqual(["email_gate", "gate_type", "gate_page"]);
    expect(settingsIn("reading").map((setting) => setting.key)).toEqual([
      "allow_download",
      "download_original",
      "block_free_emails",
      "allow_questions",
      "notifications_enabled",
    ]);
    expect(ACCESS_RULE_KEYS).toEqual(["expires_at", "verify_email", "allow", "block", "watermark", "agreement"]);
  });

  it("shows the API's gate_page as free preview pages and reads them back as gate_page", () => {
    const setting = DOCUMENT_SETTINGS.gate_page;
    expect(setting.field).toBe("preview_pages");
    expect(setting.toForm(3)).toBe("2");
    expect(readSettingsFields(form({ preview_pages: setting.toForm(3) }), { pageCount: 12 }).input.gate_page).toBe(3);
  });

  it("reads a posted form as an update the API accepts: boxes not posted are off, fields not posted are left out", () => {
    const { input, fieldErrors } = readSettingsFields(form({ email_gate: "true", gate_type: "full" }), { pageCount: 12 });
    expect(fieldErrors).toEqual({});
    expect(input).toEqual({
      email_gate: true,
      gate_type: "full",
      allow_download: false,
      block_free_emails: false,
      download_original: false,
      allow_questions: false,
      notifications_enabled: false,
      verify_email: false,
    });
    expect(updateDocumentSchema.safeParse(input).success).toBe(true);
  });

  it("keys a problem by the form field the owner typed into", () => {
    expect(readSettingsFields(form({ preview_pages: "12" }), { pageCount: 12 }).fieldErrors).toEqual({
      preview_pages: "Choose between 0 and 11 free preview pages",
    });
  });

  it("adds the API's false for each unchecked box of a form posted as it is, and keeps checked ones", () => {
    const posted = withUncheckedBoxes(form({ allow_download: "true", preview_pages: "2" }));
    expect(Object.fromEntries(posted)).toEqual({
      allow_download: "true",
      preview_pages: "2",
      email_gate: "false",
      block_free_emails: "false",
      download_original: "false",
      allow_questions: "false",
      notifications_enabled: "false",
      verify_email: "false",
    });
  });

  it("offers exactly the gate types the API accepts", () => {
    for (const option of DOCUMENT_SETTINGS.gate_type.options) {
      expect(updateDocumentSchema.safeParse({ gate_type: option.value }).success, option.value).toBe(true);
    }
    expect(DOCUMENT_SETTINGS.gate_type.options.map((o) => o.value)).toEqual(["preview", "full", "none"]);
  });

  describe("access rules", () => {
    const rules = {
      expires_at: "2026-12-31T23:59",
      verify_email: "true",
      allow: "Acme.com\n\n @partner.io , jane@Globex.com\nacme.com",
      block: "competitor.com",
      watermark: "  Confidential · {email} · {date} · {ip} ",
      agreement: "I agree to keep this document confidential.",
    };

    it("reads them into the API's shape: the expiry as a UTC instant, lists as normalized arrays, text trimmed", () => {
      const { input, fieldErrors } = readSettingsFields(form(rules), { pageCount: 12 });
      expect(fieldErrors).toEqual({});
      expect(input).toMatchObject({
        expires_at: "2026-12-31T23:59:00.000Z",
        verify_email: true,
        allow: ["acme.com", "partner.io", "jane@globex.com"],
        block: ["competitor.com"],
        watermark: "Confidential · {email} · {date} · {ip}",
        agreement: "I agree to keep this document confidential.",
      });
      expect(updateDocumentSchema.parse(input)).toMatchObject(input);
    });

    it("reads the instant the browser posts for the owner's local time, whatever its offset", () => {
      const read = (expires_at: string) => readSettingsFields(form({ expires_at }), { pageCount: 3 });
      expect(read("2030-12-31T14:00:00.000Z").input.expires_at).toBe("2030-12-31T14:00:00.000Z");
      expect(read("2030-07-01T09:00:00+05:30").input.expires_at).toBe("2030-07-01T03:30:00.000Z");
      expect(read("2030-07-01T09:00:00+5").fieldErrors.expires_at).toMatch(/^Enter a date and time/);
    });

    it("reads empty fields as none: no expiry, empty lists, no watermark, no agreement", () => {
      const empty = { expires_at: "", allow: " \n ", block: "", watermark: "  ", agreement: "" };
      expect(readSettingsFields(form(empty), { pageCount: 12 }).input).toMatchObject({
        expires_at: null,
        allow: [],
        block: [],
        watermark: null,
        agreement: null,
      });
    });

    it("shows stored values in the form as it reads them back", () => {
      const stored = { expires_at: "2026-12-31T23:59:00.000Z", allow: ["acme.com", "jane@globex.com"], watermark: "{email}" };
      const shown = {
        expires_at: DOCUMENT_SETTINGS.expires_at.toForm(stored.expires_at),
        allow: DOCUMENT_SETTINGS.allow.toForm(stored.allow),
        watermark: DOCUMENT_SETTINGS.watermark.toForm(stored.watermark),
      };
      expect(shown).toEqual({ expires_at: "2026-12-31T23:59:00.000Z", allow: "acme.com\njane@globex.com", watermark: "{email}" });
      expect(readSettingsFields(form(shown), { pageCount: 3 }).input).toMatchObject(stored);
    });

    it("names each problem in the owner's words, keyed by its field", () => {
      const wrong = {
        expires_at: "31/12/2026",
        allow: "acme.com\nnot an email\nalso wrong",
        block: Array.from({ length: 501 }, (_, i) => `reader${i}@acme.com`).join("\n"),
        watermark: "For {name}",
        agreement: "http://example.com/nda",
      };
      expect(readSettingsFields(form(wrong), { pageCount: 12 }).fieldErrors).toEqual({
        expires_at: "Enter a date and time like 2026-12-31 23:59, or leave it empty for no expiry",
        allow: "“not an email” (and 1 more) is not an email or a domain; write one like jane@acme.com or acme.com per line",
        block: "Keep the list to 500 entries (it has 501)",
        watermark: "{name} is not a field; use {email}, {date} or {ip}",
        agreement: "Give the agreement as one https:// address, or paste its text",
      });
    });

    it("counts a list's entries once each, however they are written", () => {
      const repeated = Array.from({ length: 600 }, () => "Jane@Acme.com").join("\n");
      expect(readSettingsFields(form({ allow: repeated }), { pageCount: 1 }).input.allow).toEqual(["jane@acme.com"]);
    });

    it("posts them to the upload as text fields, lists as JSON arrays, and leaves out what is none", () => {
      const posted = form({ ...rules, block: "", agreement: "" });
      expect(setAccessRulesAsUploadFields(posted)).toEqual({});
      expect(Object.fromEntries(posted)).toEqual({
        expires_at: "2026-12-31T23:59:00.000Z",
        verify_email: "true",
        allow: '["acme.com","partner.io","jane@globex.com"]',
        watermark: "Confidential · {email} · {date} · {ip}",
      });
    });

    it("keeps an upload's field problems by field and posts nothing wrong", () => {
      const posted = form({ watermark: "x".repeat(201) });
      expect(setAccessRulesAsUploadFields(posted)).toEqual({ watermark: "Shorten the watermark to 200 characters (it has 201)" });
    });
  });
});
