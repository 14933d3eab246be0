import type { LinkForm, SettingControl, SettingForm } from "./setting-form";
import { type LinkSettingKey, SHARING_SETTING_KEYS, SHARING_SETTINGS } from "./sharing-settings";

/** The table's entries as links' forms read them. */
const entries = Object.entries(SHARING_SETTINGS) as Array<[LinkSettingKey, { link: boolean; form: SettingForm }]>;

/** A setting as a link's form asks it. */
export type LinkFormSetting = LinkForm & { key: LinkSettingKey; control: SettingControl; needsMail: boolean };

/** The settings links' forms ask, in the API's order: those a link may override that say how. */
export const LINK_FORM_SETTINGS: readonly LinkFormSetting[] = entries.flatMap(([key, setting]) =>
  setting.link && setting.form.onLink
    ? [{ ...setting.form.onLink, key, control: setting.form.control, needsMail: setting.form.needsMail === true }]
    : [],
);

/**
 * Which settings a link overrides, in the owner's words: "Its own downloads, expiry; the rest
 * follows the document." The gate's kind and page are the email gate to them.
 */
export function overridesInWords(keys: readonly string[], follows: "document" | "room"): string {
  const word = (key: string) =>
    LINK_FORM_SETTINGS.find((setting) => setting.key === key)?.inWords ??
    (key.startsWith("gate_") ? "email gate" : key.replaceAll("_", " "));
  const inApiOrder = [...keys].sort((a, b) => SHARING_SETTING_KEYS.indexOf(a as never) - SHARING_SETTING_KEYS.indexOf(b as never));
  const words = [...new Set(inApiOrder.map(word))];
  return words.length ? `Its own ${words.join(", ")}; the rest follows the ${follows}.` : `Follows the ${follows}'s settings.`;
}
