"use server";

import { z } from "zod";
import { checkedAction, formData, formState, shortCode } from "./checked-action";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { ApiError, invalidInput } from "../errors";
import { updateDocumentSchema } from "../schemas/documents";
import { requireUser } from "../auth/auth";
import { deleteDocument } from "../documents/delete-document";
import { findOwnedDocument } from "../documents/find-document";
import { formFieldProblems } from "../documents/settings-form";
import { updateDocument } from "../documents/update-document";
import { refreshLinkPreviews } from "../links/update-link";
import { type FieldErrors, readSettingsForm } from "./settings-form-input";

export type SettingsState = { ok?: boolean; error?: string; fieldErrors?: FieldErrors } | undefined;

/** The document settings form: PATCH semantics, the API's rules, problems in the reader's words. */
export const updateSettingsAction = checkedAction(
  z.tuple([shortCode, formState<SettingsState>(), formData]),
  async (code, _state, form): Promise<SettingsState> => {
    const user = await requireUser();
    const document = await findOwnedDocument(user.id, code);
    const read = readSettingsForm(form, document.pageCount);
    if (!read.ok) return { fieldErrors: read.fieldErrors };
    const parsed = updateDocumentSchema.safeParse(read.input);
    try {
      if (!parsed.success) throw invalidInput(parsed.error);
      await refreshLinkPreviews(await updateDocument(document, parsed.data));
    } catch (error) {
      if (error instanceof ApiError)
        return { error: `These settings could not be saved: ${error.message}.`, fieldErrors: formFieldProblems(error.fields) };
      throw error;
    }
    revalidatePath(`/documents/${code}`);
    return { ok: true };
  },
);

export const deleteDocumentAction = checkedAction(z.tuple([shortCode]), async (code) => {
  const user = await requireUser();
  await deleteDocument(user.id, code);
  revalidatePath("/documents");
  redirect(`/documents?deleted=${encodeURIComponent(code)}`);
});
