"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { updateNotificationPreferences } from "../../users/notification-preferences";
import { requireTeam } from "../require-team";
import { type FormProblems, formAction, formFields, formState } from "../server-action";

export type PreferencesState = (FormProblems & { saved?: boolean }) | undefined;

/** A checked box posts "true"; an unchecked one posts nothing. */
const checkbox = z
  .literal("true", { error: "Checkboxes send true or nothing" })
  .optional()
  .transform((v) => v === "true");
const preferencesForm = z.object({ new_leads: checkbox, completed_reads: checkbox });

export const savePreferencesAction = formAction(
  { session: requireTeam("team.read"), args: z.tuple([formState<PreferencesState>(), formFields(preferencesForm)]) },
  async (team, _state, preferences): Promise<PreferencesState> => {
    await updateNotificationPreferences(team, preferences);
    revalidatePath("/settings/notifications");
    return { saved: true };
  },
);
