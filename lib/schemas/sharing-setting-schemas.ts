import { formBoolean, formInteger, formList } from "./setting-values";
import { LINK_SETTING_KEYS, type LinkSettingKey, SHARING_SETTINGS, type SharingSettingKey } from "./sharing-settings";
import { z } from "./zod";

/**
 * The sharing settings' fields in every schema that carries them, each derived from its entry in
 * lib/schemas/sharing-settings.ts: the multipart upload's, a document's PATCH's, a link's
 * overrides', and the settings in a document's and a link's answers.
 */

type Settings = typeof SHARING_SETTINGS;
type Input<K extends SharingSettingKey> = Settings[K]["input"];
type Setting = Settings[SharingSettingKey] & { about?: string; aboutOnLink?: string; upload: { about?: object } };

const KEYS = Object.keys(SHARING_SETTINGS) as SharingSettingKey[];
const setting = (key: SharingSettingKey): Setting => SHARING_SETTINGS[key];

function shapeOf<Shape>(keys: readonly SharingSettingKey[], field: (key: SharingSettingKey) => z.ZodType): Shape {
  return Object.fromEntries(keys.map((key) => [key, field(key)])) as Shape;
}

/** The value itself, where JSON may also send null for none (a form sends nothing instead). */
const withoutNull = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodNullable ? (schema.unwrap() as z.ZodType) : schema);

function uploadField(key: SharingSettingKey): z.ZodType {
  const { input, upload, default: fallback } = setting(key);
  // A default that is none (null, an empty list) goes unsaid, as it always was.
  const about = { ...(fallback === null || Array.isArray(fallback) ? {} : { default: fallback }), ...upload.about };
  const read = {
    boolean: () => formBoolean(key),
    // A setting read as a whole number takes a number as JSON.
    integer: () => formInteger(key, input as z.ZodType<unknown, number>),
    list: () => formList(key, input),
    text: () => withoutNull(input),
  }[upload.read];
  return read().optional().openapi(about);
}

/** The upload's text fields, each read as the setting's value. */
export const uploadSettingFields = shapeOf<{
  [K in SharingSettingKey]: z.ZodOptional<z.ZodType<NonNullable<z.output<Input<K>>>, string>>;
}>(KEYS, uploadField);

/** A document's PATCH: each setting as JSON sends it, left out to keep it. */
export const updateSettingFields = shapeOf<{ [K in SharingSettingKey]: z.ZodOptional<Input<K>> }>(KEYS, (key) =>
  setting(key).input.optional(),
);

/** A link's overrides: the settings a link may override, as a document's PATCH takes them. */
export const linkOverrideFields = shapeOf<{ [K in LinkSettingKey]: z.ZodOptional<Input<K>> }>(LINK_SETTING_KEYS, (key) =>
  setting(key).input.optional(),
);

const described = (schema: z.ZodType, description: string | undefined) => (description ? schema.openapi({ description }) : schema);

/** The settings in a document's answer. */
export const documentSettingFields = shapeOf<{ [K in SharingSettingKey]: Settings[K]["output"] }>(KEYS, (key) =>
  described(setting(key).output, setting(key).about),
);

/** The settings in a link's answer: bare, but where the link's own words differ. */
export const linkSettingFields = shapeOf<{ [K in LinkSettingKey]: Settings[K]["output"] }>(LINK_SETTING_KEYS, (key) =>
  described(setting(key).output, setting(key).aboutOnLink),
);
