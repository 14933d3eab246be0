import { setAccessRulesAsUploadFields, withUncheckedBoxes } from "@/lib/documents/settings-form";

/**
 * The upload form's fields as the upload sends them: unchecked boxes as false, empty optional
 * fields left out, the access rules as upload fields; `problems` names the rules that could not be read.
 */
export function uploadFormData(element: HTMLFormElement) {
  const form = withUncheckedBoxes(new FormData(element));
  form.delete("clear_password");
  if (!form.get("password")) form.delete("password");
  if (!form.get("title")) form.delete("title");
  if (form.get("gate_page") === null) form.delete("gate_page");
  return { form, problems: setAccessRulesAsUploadFields(form) };
}
