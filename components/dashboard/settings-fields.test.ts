import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, DOCUMENT_SETTINGS, PASSWORD_FIELD, settingsIn } from "@/lib/documents/settings-form";
import { SETTING_GROUPS } from "@/lib/schemas/setting-form";
import { MailProvider } from "./mail-context";
import { SettingControl } from "./setting-control";
import { SettingsFields } from "./settings-fields";

const render = (element: React.ReactElement, mail = true) =>
  renderToStaticMarkup(createElement(MailProvider, { configured: mail } as React.ComponentProps<typeof MailProvider>, element));
/** Text as the markup writes it. */
const escaped = (text: string) => text.replaceAll("'", "&#x27;");
const fieldNames = (markup: string) => [...markup.matchAll(/<(?:input|select|textarea)[^>]*\bname="([^"]+)"/g)].map((m) => m[1]);

describe("the settings form's controls", () => {
  it("are the table's settings, group by group in the table's order, each under its own name", () => {
    const markup = render(createElement(SettingsFields, { values: DEFAULT_SETTINGS, pageCount: 12 }));
    const expected = SETTING_GROUPS.flatMap((group) =>
      group === "password" ? [PASSWORD_FIELD.field] : settingsIn(group).map((setting) => setting.field),
    );
    expect(fieldNames(markup)).toEqual(expected);
    for (const setting of Object.values(DOCUMENT_SETTINGS)) expect(markup, setting.key).toContain(escaped(setting.label));
  });

  it("show a setting of each kind from its entry alone: label, hint, value and the problem with it", () => {
    const values = { ...DEFAULT_SETTINGS, allow: ["acme.com", "jane@partner.io"], watermark: "{email}", allow_download: false };
    for (const setting of [...settingsIn("reading"), ...settingsIn("access-rules")]) {
      const markup = render(createElement(SettingControl, { setting, values, error: `Wrong ${setting.key}` }));
      expect(fieldNames(markup), setting.key).toEqual([setting.field]);
      expect(markup, setting.key).toContain(escaped(setting.label));
      if (setting.kind !== "checkbox") expect(markup, setting.key).toContain(`Wrong ${setting.key}`);
    }
    const allow = render(createElement(SettingControl, { setting: DOCUMENT_SETTINGS.allow, values }));
    expect(allow).toContain("acme.com\njane@partner.io");
    expect(allow).toContain("2 of 500");
    expect(render(createElement(SettingControl, { setting: DOCUMENT_SETTINGS.allow_download, values }))).not.toContain("checked");
  });

  it("keep a setting whose codes go by email off without an email server", () => {
    const markup = render(createElement(SettingControl, { setting: DOCUMENT_SETTINGS.verify_email, values: DEFAULT_SETTINGS }), false);
    expect(markup).toMatch(/<input[^>]*disabled=""[^>]*name="verify_email"/);
    expect(markup).toContain("Needs an email server");
  });
});
