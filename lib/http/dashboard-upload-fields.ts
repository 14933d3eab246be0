import { gatePageField } from "../documents/preview-pages";
import { type UploadFields, uploadFieldsSchema } from "../schemas/documents";
import { parseFields } from "./parse";

/** The dashboard's upload form as the API's upload fields: its free preview pages become `gate_page`. */
export function dashboardUploadFields(form: Record<string, string>): UploadFields {
  const { preview_pages: previewPages, ...fields } = form;
  if (previewPages !== undefined) fields.gate_page = gatePageField(previewPages);
  return parseFields(uploadFieldsSchema, fields);
}
