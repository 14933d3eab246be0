"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { deleteDocument } from "../../documents/delete-document";
import { findOwnedDocument } from "../../documents/find-document";
import { restoreVersion } from "../../versions/restore-version";
import { formFieldProblems } from "../../documents/settings-form";
import { type VersionOutcome, versionOutcome } from "../../versions/version-outcome";
import { saveDocumentSettings } from "../../dashboard/save-document-settings";
import { versionNumberParam } from "../../schemas/versions";
import { requireTeam } from "../require-team";
import { type FormProblems, buttonAction, formAction, formData, formState, shortCode } from "../server-action";

export type SettingsState = (FormProblems & { ok?: boolean }) | undefined;

/** The document settings form: PATCH semantics, the API's rules, problems in the reader's words. */
export const updateSettingsAction = formAction(
  {
    session: requireTeam("documents.write"),
    args: z.tuple([shortCode, formState<SettingsState>(), formData]),
    formFields: formFieldProblems,
    failure: (message) => `These settings could not be saved: ${message}.`,
  },
  async (team, code, _state, form): Promise<SettingsState> => {
    const saved = await saveDocumentSettings(team, await findOwnedDocument(team.teamId, code), form);
    if (!saved.ok) return { fieldErrors: saved.fieldErrors };
    revalidatePath(`/documents/${code}`);
    return { ok: true };
  },
);

export const deleteDocumentAction = buttonAction(
  { session: requireTeam("documents.write"), args: z.tuple([shortCode]) },
  async (team, code) => {
    await deleteDocument(team, code);
    revalidatePath("/documents");
    redirect(`/documents?deleted=${encodeURIComponent(code)}`);
  },
);

export type RestoreState = FormProblems & { outcome?: VersionOutcome };

/** The version history's Restore: the version readers get again, and the gates its page count moved. */
export const restoreVersionAction = formAction(
  {
    session: requireTeam("documents.write"),
    args: z.tuple([shortCode, versionNumberParam]),
    failure: (message) => `The version was not restored: ${message}`,
  },
  async (team, code, number): Promise<RestoreState> => {
    const outcome = versionOutcome(await restoreVersion(team, code, number));
    revalidatePath(`/documents/${code}`);
    return { outcome };
  },
);
