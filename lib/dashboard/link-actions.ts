"use server";

import { z } from "zod";
import { checkedAction, formData, formState, shortCode } from "./checked-action";
import { revalidatePath } from "next/cache";
import { ApiError, invalidInput } from "../errors";
import { requireUser } from "../auth/auth";
import { findOwnedDocument } from "../documents/find-document";
import { createLink } from "../links/create-link";
import { deleteLink } from "../links/delete-link";
import { findOwnedLink } from "../links/find-link";
import { updateLink } from "../links/update-link";
import { createLinkSchema, updateLinkSchema } from "../schemas/links";
import { linkFieldProblems, readLinkForm } from "./link-form-input";

export type LinkFormState = { ok?: boolean; error?: string; fieldErrors?: Record<string, string> } | undefined;

async function saved(save: () => Promise<unknown>, documentCode: string): Promise<LinkFormState> {
  try {
    await save();
  } catch (error) {
    if (error instanceof ApiError)
      return { error: `The link could not be saved: ${error.message}.`, fieldErrors: linkFieldProblems(error.fields) };
    throw error;
  }
  revalidatePath(`/documents/${documentCode}`);
  return { ok: true };
}

/** A new link of the owner's document, from the Links section's form. */
export const createLinkAction = checkedAction(
  z.tuple([shortCode, formState<LinkFormState>(), formData]),
  async (documentCode, _state, form): Promise<LinkFormState> => {
    const user = await requireUser();
    const doc = await findOwnedDocument(user.id, documentCode);
    const { name, settings } = readLinkForm(form);
    return saved(async () => {
      const parsed = createLinkSchema.safeParse({ name, settings });
      if (!parsed.success) throw invalidInput(parsed.error);
      await createLink(doc, parsed.data);
    }, doc.code);
  },
);

/** The edit form sends every setting: the ones left on "follow the document" stop being overridden. */
export const updateLinkAction = checkedAction(
  z.tuple([shortCode, formState<LinkFormState>(), formData]),
  async (linkCode, _state, form): Promise<LinkFormState> => {
    const user = await requireUser();
    const link = await findOwnedLink(user.id, linkCode);
    const input = readLinkForm(form);
    return saved(async () => {
      const parsed = updateLinkSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      await updateLink(link, parsed.data);
    }, link.document.code);
  },
);

export const setLinkActiveAction = checkedAction(z.tuple([shortCode, z.boolean()]), async (linkCode, active): Promise<void> => {
  const user = await requireUser();
  const link = await findOwnedLink(user.id, linkCode);
  await updateLink(link, { is_active: active });
  revalidatePath(`/documents/${link.document.code}`);
});

export const deleteLinkAction = checkedAction(z.tuple([shortCode]), async (linkCode): Promise<void> => {
  const user = await requireUser();
  const link = await findOwnedLink(user.id, linkCode);
  await deleteLink(link);
  revalidatePath(`/documents/${link.document.code}`);
});
