import { describe, expect, it } from "vitest";
import { settingsSchema, updateDocumentSchema, uploadFieldsSchema } from "./documents";
import { linkSettingsInput, linkSettingsSchema } from "./links";
import { LINK_SETTING_KEYS, SHARING_SETTING_KEYS, SHARING_SETTINGS } from "./sharing-settings";

const inner = (field: unknown) => (field as { unwrap(): unknown }).unwrap();

describe("the schemas that carry sharing settings", () => {
  it("take each setting's value schema from the table: a document's PATCH and a link's overrides", () => {
    for (const key of SHARING_SETTING_KEYS) expect(inner(updateDocumentSchema.shape[key]), key).toBe(SHARING_SETTINGS[key].input);
    for (const key of LINK_SETTING_KEYS) expect(inner(linkSettingsInput.shape[key]), key).toBe(SHARING_SETTINGS[key].input);
    expect(Object.keys(linkSettingsInput.shape)).toEqual(LINK_SETTING_KEYS);
  });

  it("hold every setting, and only the settings, in the upload and in the answers", () => {
    expect(Object.keys(uploadFieldsSchema.shape).sort()).toEqual(["title", ...SHARING_SETTING_KEYS].sort());
    expect(Object.keys(updateDocumentSchema.shape).sort()).toEqual(["title", ...SHARING_SETTING_KEYS].sort());
    expect(Object.keys(settingsSchema.shape)).toEqual(SHARING_SETTING_KEYS);
    expect(Object.keys(linkSettingsSchema.shape)).toEqual(LINK_SETTING_KEYS);
  });

  it("read the upload's text as the value the JSON would be, with the same checks and the same words", () => {
    const upload = (fields: Record<string, string>) => uploadFieldsSchema.safeParse(fields);
    expect(upload({ email_gate: "off", gate_page: "2", allow: "acme.com, jane@partner.io", password: "long enough" }).data).toEqual({
      email_gate: false,
      gate_page: 2,
      allow: ["acme.com", "jane@partner.io"],
      password: "long enough",
    });
    const messages = (fields: Record<string, string>) => upload(fields).error?.issues.map((issue) => issue.message);
    expect(messages({ verify_email: "maybe" })).toEqual(['verify_email must be a boolean: true or false (got "maybe")']);
    expect(messages({ gate_page: "0" })).toEqual(["gate_page must be at least 1"]);
    expect(messages({ gate_page: "two" })).toEqual(["gate_page must be a whole number"]);
    expect(messages({ block: "[nope" })).toEqual(["block must be a JSON array or emails and domains separated by commas or newlines"]);
    expect(messages({ gate_type: "later" })).toEqual(["gate_type must be one of preview, full, none"]);
    expect(messages({ watermark: "{name}" })).toEqual(["watermark may only use the fields {email}, {date}, {ip}"]);
  });
});
