import { readSettingsFields } from "../documents/settings-form";

export type FieldErrors = Record<string, string>;

/**
 * The document settings form's fields as an update of the API's shape (PATCH semantics), or the
 * problems in the reader's words, keyed by field name. Checkboxes post "true" when on; a field
 * the form disabled is not posted and stays as it is.
 */
export function readSettingsForm(
  form: FormData,
  pageCount: number,
): { ok: true; input: Record<string, unknown> } | { ok: false; fieldErrors: FieldErrors } {
  const on = (name: string) => form.get(name) === "true";
  const text = (name: string) => String(form.get(name) ?? "");
  const { input, fieldErrors } = readSettingsFields(form, { pageCount });

  const title = text("title").trim();
  if (!title) fieldErrors.title = "Give the document a title";
  else if (title.length > 200) fieldErrors.title = `Shorten the title to 200 characters (it has ${title.length})`;
  else input.title = title;

  const password = text("password");
  if (on("clear_password")) input.password = null;
  else if (password && (password.length < 8 || password.length > 128)) fieldErrors.password = "Use 8 to 128 characters for the password";
  else if (password) input.password = password;

  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, input };
}
