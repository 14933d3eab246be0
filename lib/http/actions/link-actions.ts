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
import { requireTeam } from "../require-team";
import { type FormProblems, buttonAction, formAction, formData, formState, shortCode } from "../server-action";

export type LinkFormState = (FormProblems & { ok?: boolean; created?: { name: string; url: string } }) | undefined;

/** A link's form, bound to the document's code (a new link) or the link's (an edit). */
const linkForm = {
  session: requireTeam("documents.write"),
  args: z.tuple([shortCode, formState<LinkFormState>(), formData]),
  formFields: linkFieldProblems,
  failure: (message: string) => `The link could not be saved: ${message}.`,
};

/** A new link of the owner's document, from the Links section's form. */
export const createLinkAction = formAction(linkForm, async (team, documentCode, _state, form): Promise<LinkFormState> => {
  const document = await findOwnedDocument(team.teamId, documentCode);
  const created = await createLinkFromForm(team, document, form);
  revalidatePath(`/documents/${document.code}`);
  return { ok: true, created };
});

export const updateLinkAction = formAction(linkForm, async (team, linkCode, _state, form): Promise<LinkFormState> => {
  const link = await findOwnedLink(team.teamId, linkCode);
  await updateLinkFromForm(team, link, form);
  revalidatePath(`/documents/${link.document.code}`);
  return { ok: true };
});

export const setLinkActiveAction = buttonAction(
  { session: requireTeam("documents.write"), args: z.tuple([shortCode, z.boolean()]) },
  async (team, linkCode, active): Promise<void> => {
    const link = await findOwnedLink(team.teamId, linkCode);
    await updateLink(team, link, { is_active: active });
    revalidatePath(`/documents/${link.document.code}`);
  },
);

export const deleteLinkAction = buttonAction(
  { session: requireTeam("documents.write"), args: z.tuple([shortCode]) },
  async (team, linkCode): Promise<void> => {
    const link = await findOwnedLink(team.teamId, linkCode);
    await deleteLink(team, link);
    revalidatePath(`/documents/${link.document.code}`);
  },
);
