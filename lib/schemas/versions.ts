import { documentSchema } from "./documents";
import { z } from "./zod";

/** A document's versions (issue 28): every file it has had, and which one readers get. */

export const versionNumberParam = z.coerce
  .number({ error: "number must be a version number" })
  .int("number must be a version number")
  .min(1, "number must be a version number")
  .max(1_000_000, "number must be a version number")
  .openapi({ param: { name: "number", in: "path" }, type: "integer", example: 1 });

export const documentVersionSchema = z
  .object({
    number: z.number().int().openapi({ example: 2 }),
    page_count: z.number().int(),
    size_bytes: z.number().int(),
    original_filename: z.string(),
    created_at: z.string().openapi({ format: "date-time" }),
    created_by: z
      .object({ user_id: z.uuid(), email: z.string(), name: z.string().nullable() })
      .nullable()
      .openapi({ description: "The member who uploaded it; null for an operator's script or a deleted account" }),
    is_current: z.boolean().openapi({ description: "Readers get this version" }),
  })
  .openapi("DocumentVersion");

export const documentVersionListSchema = z
  .object({ versions: z.array(documentVersionSchema).openapi({ description: "Newest first" }) })
  .openapi("DocumentVersionList");

/** A gate_page a version change moved: from the page it stood on, to the one it stands on now. */
export const gateMove = z.object({
  from: z.number().int(),
  to: z.number().int(),
  chosen: z.number().int().openapi({
    description:
      "The page chosen for the gate (the last gate_page set through the API or the dashboard). While a version is shorter, the gate stands on its last page; a version with this many pages puts it back here",
  }),
});

/** POST /api/v1/documents/{short_code}/versions: the new file alone (the document's settings stay). */
export const versionUploadBodySchema = z
  .object({ file: z.string().openapi({ type: "string", format: "binary", description: "The PDF" }) })
  .openapi("DocumentVersionUpload");

/** The single-document form, and what the change moved to keep every gate inside the new page count. */
export const versionChangeSchema = z
  .object({
    ...documentSchema.shape,
    gate_page_clamped: gateMove.nullable().openapi({
      description:
        "The document's gate_page was past the new page count and stands on its last page while this version is current; null when unchanged",
    }),
    links_gate_page_clamped: z
      .array(gateMove.extend({ short_code: z.string() }))
      .openapi({ description: "Links whose own gate_page was moved the same way" }),
    gate_page_restored: gateMove.nullable().openapi({
      description:
        "The document's gate_page, moved down for a shorter version before, moved back up: to `chosen`, or to this version's last page when it is still shorter; null when unchanged",
    }),
    links_gate_page_restored: z
      .array(gateMove.extend({ short_code: z.string() }))
      .openapi({ description: "Links whose own gate_page moved back up the same way" }),
  })
  .openapi("DocumentVersionChange");
