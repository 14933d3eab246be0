import { withoutNul } from "../request/nul-characters";
import { paginationQuery, paginationSchema } from "./common";
import { linkOverrideFields, linkSettingFields } from "./sharing-setting-schemas";
import { z } from "./zod";
import { LINK_SETTING_KEYS } from "./sharing-settings";

/** Strict objects' refusal of a field they do not know, naming it (most likely a typo). */
export const unknownFields = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys?.join(", ")}` : undefined,
};

/**
 * A link's overrides as sent: a key present overrides the document's value; null for a nullable
 * rule (expires_at, watermark, agreement, password) means "none on this link"; a key left out
 * follows the document (or, on PATCH, keeps what the link had).
 */
export const linkSettingsInput = z
  .strictObject(
    {
      ...linkOverrideFields,
    },
    unknownFields,
  )
  .openapi("LinkSettingsInput", { description: "Settings this link overrides; the ones left out follow the document" });

export type LinkSettingsInput = z.infer<typeof linkSettingsInput>;

export const linkName = z
  .string({ error: "name must be a string" })
  .trim()
  .min(1, "name must not be empty")
  .max(100, "name must be at most 100 characters")
  .refine(withoutNul, "name must not contain NUL characters")
  .openapi({ description: "Who the link is for, e.g. “Sequoia — Jane”", example: "Sequoia — Jane" });

export const createLinkSchema = z
  .strictObject({ name: linkName, settings: linkSettingsInput.optional() }, unknownFields)
  .openapi("LinkCreate", { example: { name: "Sequoia — Jane", settings: { expires_at: "2026-12-31T23:59:59Z", allow_download: false } } });

export type LinkCreate = z.infer<typeof createLinkSchema>;

export const updateLinkSchema = z
  .strictObject(
    {
      name: linkName.optional(),
      is_active: z
        .boolean({ error: "is_active must be a boolean" })
        .optional()
        .openapi({ description: "false disables the link (404 to readers)" }),
      settings: linkSettingsInput.optional(),
      inherit: z
        .array(z.enum(LINK_SETTING_KEYS, { error: `inherit entries must be among ${LINK_SETTING_KEYS.join(", ")}` }), {
          error: "inherit must be an array of setting names",
        })
        .optional()
        .openapi({ description: "Settings that stop being overridden and follow the document again" }),
    },
    unknownFields,
  )
  .superRefine((update, ctx) => {
    for (const key of update.inherit ?? []) {
      if (update.settings && key in update.settings) {
        ctx.addIssue({ code: "custom", path: ["inherit"], message: `${key} is both set in settings and listed in inherit` });
      }
    }
  })
  .openapi("LinkUpdate", {
    example: { name: "Sequoia — Jane (partners)", settings: { watermark: "{email} · {date}" }, inherit: ["gate_page"] },
  });

export type LinkUpdate = z.infer<typeof updateLinkSchema>;

export const listLinksQuery = paginationQuery;

export const linkCodeParam = z.string().openapi({
  param: { name: "code", in: "path", description: "The link's code (`/s/<code>`); `s-<code>` is accepted too" },
  example: "p4x8m2k7qa",
});

/** `?link=` on a document's stats, viewers and leads. */
export const linkFilterParam = z
  .string()
  .max(12, "link must be a link code")
  .optional()
  .openapi({
    param: {
      name: "link",
      in: "query",
      description: "Only activity through this link (its code); the document's own short code means its default link. Unknown: 404",
    },
  });

export const linkSettingsSchema = z
  .object(linkSettingFields)
  .openapi("LinkSettings", { description: "What readers of this link get: the document's settings with the link's overrides applied" });

export const linkStatsSchema = z
  .object({
    views: z.number().int(),
    unique_viewers: z.number().int(),
    leads: z.number().int(),
    downloads: z.number().int(),
    last_viewed_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("LinkStats");

export const linkSchema = z
  .object({
    code: z.string().openapi({ example: "p4x8m2k7qa" }),
    url: z.string().openapi({ example: "http://localhost:3000/s/p4x8m2k7qa" }),
    name: z.string(),
    is_active: z.boolean(),
    document: z.object({ short_code: z.string(), title: z.string() }),
    settings: linkSettingsSchema,
    overrides: z
      .array(z.enum(LINK_SETTING_KEYS))
      .openapi({ description: "The settings this link overrides; the others follow the document" }),
    stats: linkStatsSchema,
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Link");

export const linkListSchema = z.object({ links: z.array(linkSchema), pagination: paginationSchema }).openapi("LinkList");
