import type { AuditActor } from "../audit/record-audit";
import { invalidInput } from "../errors";
import type { Document } from "../generated/prisma/client";
import { updateDocumentSchema } from "../schemas/documents";
import { changeDocumentSettings } from "../links/change-document-settings";
import { type FieldErrors, readSettingsForm } from "./settings-form-input";

/**
 * The document settings form saved under the API's rules (PATCH semantics), the document's link
 * previews redrawn. What the form itself got wrong comes back in the reader's words; what the
 * API's rules refuse is thrown as theirs (an ApiError naming the API's fields).
 */
export async function saveDocumentSettings(
  by: AuditActor,
  document: Document,
  form: FormData,
): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors }> {
  const read = readSettingsForm(form, document.pageCount);
  if (!read.ok) return read;
  const parsed = updateDocumentSchema.safeParse(read.input);
  if (!parsed.success) throw invalidInput(parsed.error);
  await changeDocumentSettings(by, document, parsed.data);
  return { ok: true };
}
