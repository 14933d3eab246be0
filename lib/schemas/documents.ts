import { engagementKey, engagementObjectSchema, paginationQuery, paginationSchema, periodQuery } from "./common";
import { z } from "./zod";
import { documentSettingFields, updateSettingFields, uploadSettingFields } from "./sharing-setting-schemas";
import { withoutNul } from "../request/nul-characters";

const title = z
  .string()
  .trim()
  .min(1, "title must not be empty")
  .max(200, "title must be at most 200 characters")
  .refine(withoutNul, "title must not contain NUL characters");

/**
 * The multipart upload's fields besides `file`, as the API and the dashboard's uploads validate
 * them; the OpenAPI document's DocumentUpload is this schema with `file`. Unknown fields are
 * ignored (browsers add their own).
 */
export const uploadFieldsSchema = z.object({
  title: title.optional().openapi({ description: "Defaults to the file name without extension" }),
  ...uploadSettingFields,
});

/** The API upload's own fields saying where the new document goes (the dashboard places its uploads itself). */
export const uploadPlacementFields = z.object({
  room_id: z
    .uuid("room_id must be the id of one of this team's rooms")
    .optional()
    .openapi({ description: "Put the new document in this room, at its top level unless `folder_id` says where (additive)" }),
  folder_id: z
    .uuid("folder_id must be the id of a folder of a room of this team")
    .optional()
    .openapi({ description: "Put the new document last in this room folder; `room_id` may be left out (additive)" }),
});
export type UploadPlacementFields = z.infer<typeof uploadPlacementFields>;

/**
 * The dashboard's direct upload form as UploadThing passes it on: text only (read as upload
 * fields by lib/http/dashboard-upload-fields.ts); the body cap (lib/http/uploadthing-route.ts)
 * bounds the whole.
 */
export const directUploadForm = z.record(z.string().max(64), z.string().max(256 * 1024)).refine((form) => Object.keys(form).length <= 50, {
  message: "Too many form fields.",
});

export const uploadBodySchema = uploadFieldsSchema
  .extend({ ...uploadPlacementFields.shape, file: z.string().openapi({ type: "string", format: "binary", description: "The PDF" }) })
  .openapi("DocumentUpload");

/** PATCH: every field optional; unknown fields are refused (most likely a typo). */
export const updateDocumentSchema = z
  .strictObject(
    {
      title: title.optional(),
      ...updateSettingFields,
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

export const settingsSchema = z.object(documentSettingFields).openapi("DocumentSettings");

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
    source_type: z.string().nullable().openapi({
      description:
        "The kind of file the current version was uploaded as when it was not a PDF (pptx, docx, xlsx, odt, csv, png, jpg…): page_count counts the PDF made from it, and the original is kept (additive, not in docs/api-contract.md); null for a PDF",
      example: "pptx",
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
