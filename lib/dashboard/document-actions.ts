"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { ApiError } from "../api/errors";
import { updateDocumentSchema } from "../api/schemas/documents";
import { requireUser } from "../auth/auth";
import { deleteDocument } from "../documents/delete-document";
import { findOwnedDocument } from "../documents/find-document";
import { updateDocument } from "../documents/update-document";

export type SettingsState = { ok?: boolean; error?: string; fieldErrors?: Record<string, string> } | undefined;

/** The document settings form: PATCH semantics and the API's own validation and messages. */
export async function updateSettingsAction(code: string, _state: SettingsState, form: FormData): Promise<SettingsState> {
  const user = await requireUser();
  const on = (name: string) => form.get(name) === "true";
  const password = String(form.get("password") ?? "");
  const input: Record<string, unknown> = {
    title: String(form.get("title") ?? ""),
    email_gate: on("email_gate"),
    allow_download: on("allow_download"),
    block_free_emails: on("block_free_emails"),
    notifications_enabled: on("notifications_enabled"),
  };
  if (form.has("gate_type")) input.gate_type = form.get("gate_type");
  if (form.has("gate_page")) input.gate_page = Number(form.get("gate_page"));
  if (on("clear_password")) input.password = null;
  else if (password) input.password = password;

  const parsed = updateDocumentSchema.safeParse(input);
  if (!parsed.success) {
    return { fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) };
  }
  try {
    await updateDocument(await findOwnedDocument(user.id, code), parsed.data);
  } catch (error) {
    if (error instanceof ApiError) {
      const field = ["gate_page", "title", "password"].find((f) => error.message.startsWith(f));
      return field ? { fieldErrors: { [field]: error.message } } : { error: error.message };
    }
    throw error;
  }
  revalidatePath(`/documents/${code}`);
  return { ok: true };
}

export async function deleteDocumentAction(code: string) {
  const user = await requireUser();
  await deleteDocument(user.id, code);
  revalidatePath("/documents");
  redirect("/documents?deleted=1");
}
