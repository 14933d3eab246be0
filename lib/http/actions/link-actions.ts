"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { linkFieldProblems } from "../../dashboard/link-form-input";
import { createLinkFromForm, updateLinkFromForm } from "../../dashboard/save-link-form";
import { findOwnedDocument } from "../../documents/find-document";
import { deleteLink } from "../../links/delete-link";
import { findOwnedLink } from "../../links/find-link";
import { updateLink } from "../../links/update-link";
import { requireUser } from "../require-user";
import { type FormProblems, buttonAction, formAction, formData, formState, shortCode } from "../server-action";

export type LinkFormState = (FormProblems & { ok?: boolean }) | undefined;

/** A link's form, bound to the document's code (a new link) or the link's (an edit). */
const linkForm = {
  session: requireUser,
  args: z.tuple([shortCode, formState<LinkFormState>(), formData]),
  formFields: linkFieldProblems,
  failure: (message: string) => `The link could not be saved: ${message}.`,
};

/** A new link of the owner's document, from the Links section's form. */
export const createLinkAction = formAction(linkForm, async (user, documentCode, _state, form): Promise<LinkFormState> => {
  const document = await findOwnedDocument(user.id, documentCode);
  await createLinkFromForm(document, form);
  revalidatePath(`/documents/${document.code}`);
  return { ok: true };
});

export const updateLinkAction = formAction(linkForm, async (user, linkCode, _state, form): Promise<LinkFormState> => {
  const link = await findOwnedLink(user.id, linkCode);
  await updateLinkFromForm(link, form);
  revalidatePath(`/documents/${link.document.code}`);
  return { ok: true };
});

export const setLinkActiveAction = buttonAction(
  { session: requireUser, args: z.tuple([shortCode, z.boolean()]) },
  async (user, linkCode, active): Promise<void> => {
    const link = await findOwnedLink(user.id, linkCode);
    await updateLink(link, { is_active: active });
    revalidatePath(`/documents/${link.document.code}`);
  },
);

export const deleteLinkAction = buttonAction(
  { session: requireUser, args: z.tuple([shortCode]) },
  async (user, linkCode): Promise<void> => {
    const link = await findOwnedLink(user.id, linkCode);
    await deleteLink(link);
    revalidatePath(`/documents/${link.document.code}`);
  },
);
