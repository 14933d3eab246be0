import { describe, expect, it } from "vitest";
import { updateDocumentSchema } from "../schemas/documents";
import { DEFAULT_SETTINGS, DOCUMENT_SETTINGS, readSettingsFields, withUncheckedBoxes } from "./settings-form";

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
      notifications_enabled: true,
    });
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
      notifications_enabled: false,
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
      notifications_enabled: "false",
    });
  });

  it("offers exactly the gate types the API accepts", () => {
    for (const option of DOCUMENT_SETTINGS.gate_type.options) {
      expect(updateDocumentSchema.safeParse({ gate_type: option.value }).success, option.value).toBe(true);
    }
    expect(DOCUMENT_SETTINGS.gate_type.options.map((o) => o.value)).toEqual(["preview", "full", "none"]);
  });
});
