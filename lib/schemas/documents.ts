import { engagementKey, engagementObjectSchema, paginationQuery, paginationSchema, periodQuery } from "./common";
import { z } from "./zod";
import { SHARING_SETTINGS } from "./sharing-settings";
import { withoutNul } from "../request/nul-characters";
import { accessRuleFields, optionalAccessRuleFields } from "./access-rules";

export const GATE_TYPES = ["preview", "full", "none"] as const;

/** Booleans in multipart forms: true/false/1/0/on/off, any case. */
const formBoolean = (name: string) =>
  z
    .string()
    .transform((value, ctx) => {
      const v = value.trim().toLowerCase();
      if (["true", "1", "on"].includes(v)) return true;
      if (["false", "0", "off"].includes(v)) return false;
      ctx.addIssue({ code: "custom", message: `${name} must be a boolean: true or false (got "${value}")` });
      return z.NEVER;
    })
    .openapi({ type: "boolean" });

const title = z
  .string()
  .trim()
  .min(1, "title must not be empty")
  .max(200, "title must be at most 200 characters")
  .refine(withoutNul, "title must not contain NUL characters");
const password = z
  .string()
  .min(8, "password must be 8 to 128 characters")
  .max(128, "password must be 8 to 128 characters")
  .refine(withoutNul, "password must not contain NUL characters");
const gateType = z.enum(GATE_TYPES, { error: "gate_type must be one of preview, full, none" });

/**
 * A list in a multipart form: a JSON array (`["acme.com","jane@partner.io"]`), or entries separated
 * by newlines or commas (what a textarea or `-F allow=acme.com,partner.io` sends).
 */
const formList = (name: "allow" | "block") =>
  z
    .string()
    .transform((value, ctx) => {
      const text = value.trim();
      if (!text.startsWith("[")) return text.split(/[\n,]/).flatMap((entry) => (entry.trim() ? [entry.trim()] : []));
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: `${name} must be a JSON array or emails and domains separated by commas or newlines` });
        return z.NEVER;
      }
    })
    .pipe(accessRuleFields[name])
    .openapi({ type: "string" });

/**
 * The multipart upload's fields besides `file`, as the API and the dashboard's uploads validate
 * them; the OpenAPI document's DocumentUpload is this schema with `file`. Unknown fields are
 * ignored (browsers add their own).
 */
export const uploadFieldsSchema = z.object({
  title: title.optional().openapi({ description: "Defaults to the file name without extension" }),
  email_gate: formBoolean("email_gate").optional().openapi({ default: SHARING_SETTINGS.email_gate.default }),
  gate_type: gateType.optional().openapi({ default: SHARING_SETTINGS.gate_type.default }),
  gate_page: z
    .string()
    .regex(/^\d+$/, "gate_page must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1, "gate_page must be at least 1"))
    .optional()
    .openapi({
      type: "integer",
      minimum: 1,
      default: SHARING_SETTINGS.gate_page.default,
      description: "1 to page_count; an omitted default is lowered to page_count for shorter documents",
    }),
  allow_download: formBoolean("allow_download").optional().openapi({ default: SHARING_SETTINGS.allow_download.default }),
  block_free_emails: formBoolean("block_free_emails").optional().openapi({ default: SHARING_SETTINGS.block_free_emails.default }),
  notifications_enabled: formBoolean("notifications_enabled")
    .optional()
    .openapi({ default: SHARING_SETTINGS.notifications_enabled.default }),
  password: password.optional().openapi({ description: "8 to 128 characters; readers must enter it first" }),
  expires_at: accessRuleFields.expires_at.unwrap().optional().openapi({ description: "ISO 8601; afterwards the link answers 410" }),
  verify_email: formBoolean("verify_email")
    .optional()
    .openapi({ default: SHARING_SETTINGS.verify_email.default, description: "Readers prove their email with a one-time code" }),
  allow: formList("allow").optional().openapi({
    description: "Emails and domains that may read: a JSON array, or entries separated by commas or newlines (at most 500)",
    example: "acme.com, jane@partner.io",
  }),
  block: formList("block").optional().openapi({
    description: "Emails and domains that may not read: a JSON array, or entries separated by commas or newlines (at most 500)",
  }),
  watermark: accessRuleFields.watermark
    .unwrap()
    .optional()
    .openapi({ description: "Template drawn over every page: {email}, {date}, {ip}" }),
  agreement: accessRuleFields.agreement
    .unwrap()
    .optional()
    .openapi({ description: "Text or one https URL the reader accepts before reading" }),
});

/**
 * The dashboard's direct upload form as UploadThing passes it on: text only (read as upload
 * fields by lib/http/dashboard-upload-fields.ts); the body cap (lib/http/uploadthing-route.ts)
 * bounds the whole.
 */
export const directUploadForm = z.record(z.string().max(64), z.string().max(256 * 1024)).refine((form) => Object.keys(form).length <= 50, {
  message: "Too many form fields.",
});

export const uploadBodySchema = uploadFieldsSchema
  .extend({ file: z.string().openapi({ type: "string", format: "binary", description: "The PDF" }) })
  .openapi("DocumentUpload");

/** PATCH: every field optional; unknown fields are refused (most likely a typo). */
export const updateDocumentSchema = z
  .strictObject(
    {
      title: title.optional(),
      email_gate: z.boolean({ error: "email_gate must be a boolean" }).optional(),
      gate_type: gateType.optional(),
      gate_page: z
        .number({ error: "gate_page must be an integer" })
        .int("gate_page must be an integer")
        .min(1, "gate_page must be at least 1")
        .optional(),
      allow_download: z.boolean({ error: "allow_download must be a boolean" }).optional(),
      block_free_emails: z.boolean({ error: "block_free_emails must be a boolean" }).optional(),
      notifications_enabled: z.boolean({ error: "notifications_enabled must be a boolean" }).optional(),
      password: password.nullable().optional().openapi({ description: "A string of 8 to 128 characters sets it; null clears it" }),
      ...optionalAccessRuleFields,
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys.join(", ")}` : undefined) },
  )
  .openapi("DocumentUpdate", { example: { title: "Q3 Deck", allow_download: false, gate_page: 2 } });

export type DocumentUpdate = z.infer<typeof updateDocumentSchema>;
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

export const SORTS = ["created_at", "views", "engagement", "title"] as const;

export const listDocumentsQuery = z
  .object({
    ...paginationQuery.shape,
    search: z
      .string()
      .max(200, "search must be at most 200 characters")
      .refine(withoutNul, "search must not contain NUL characters")
      .optional()
      .openapi({ param: { name: "search", in: "query", description: "Case-insensitive substring of the title" } }),
    engagement: z
      .string()
      .optional()
      .pipe(engagementKey.optional())
      .openapi({
        param: { name: "engagement", in: "query", description: "Documents whose most engaged viewer is at this level" },
        enum: [...engagementKey.options],
      }),
    has_leads: z
      .enum(["true", "false"], { error: "has_leads must be true or false" })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true"))
      .openapi({
        param: { name: "has_leads", in: "query", description: "true: with leads; false: without" },
        type: "string",
        enum: ["true", "false"],
      }),
    sort: z
      .enum(SORTS, { error: `sort must be one of ${SORTS.join(", ")}` })
      .default("created_at")
      .openapi({
        param: {
          name: "sort",
          in: "query",
          description: "created_at newest first, views most first, engagement most engaged first, title A→Z",
        },
      }),
    order: z
      .enum(["asc", "desc"], { error: "order must be asc or desc" })
      .optional()
      .openapi({ param: { name: "order", in: "query", description: "Overrides the sort's natural direction" } }),
    ...periodQuery.shape,
  })
  .refine((q) => !q.since || !q.until || q.since < q.until, { message: "since must not be after until" });

export type ListDocumentsQuery = z.infer<typeof listDocumentsQuery>;

/** The gate and download settings as a reader gets them, the same in a document's settings and a link's. */
export const readerGateShape = {
  email_gate: z.boolean(),
  gate_type: z.enum(GATE_TYPES),
  gate_page: z.number().int(),
  allow_download: z.boolean(),
  block_free_emails: z.boolean(),
};

export const settingsSchema = z
  .object({
    ...readerGateShape,
    password: z.boolean().openapi({ description: "Whether a password is set" }),
    notifications_enabled: z.boolean(),
    expires_at: z.string().nullable().openapi({ format: "date-time", description: "After this the link answers 410; null: never" }),
    verify_email: z.boolean().openapi({ description: "Readers prove their email with a one-time 6-digit code" }),
    allow: z.array(z.string()).openapi({ description: "Emails and domains that may read; empty: everyone" }),
    block: z.array(z.string()).openapi({ description: "Emails and domains that may not read" }),
    watermark: z.string().nullable().openapi({ description: "Template drawn over every page; null: none" }),
    agreement: z.string().nullable().openapi({ description: "Text or https URL accepted before reading; null: none" }),
  })
  .openapi("DocumentSettings");

export const documentSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    short_code: z.string().openapi({ example: "s-k3j9x0q2ab" }),
    url: z.string().openapi({ example: "http://localhost:3000/s/k3j9x0q2ab" }),
    page_count: z.number().int(),
    original_filename: z.string(),
    created_at: z.string().openapi({ format: "date-time" }),
    is_active: z.boolean(),
    settings: settingsSchema,
    version: z.number().int().min(1).openapi({
      description:
        "The current version's number (additive, not in docs/api-contract.md): GET /api/v1/documents/{short_code}/versions lists them",
      example: 1,
    }),
  })
  .openapi("Document");

export const documentListItemSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    short_code: z.string(),
    url: z.string(),
    page_count: z.number().int(),
    views: z.number().int(),
    unique_viewers: z.number().int(),
    leads_count: z.number().int(),
    engagement_summary: engagementObjectSchema,
  })
  .openapi("DocumentListItem");

export const documentListSchema = z
  .object({ documents: z.array(documentListItemSchema), pagination: paginationSchema })
  .openapi("DocumentList");
