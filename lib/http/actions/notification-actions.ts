"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { notificationPreferencesForm } from "../../schemas/users";
import { updateNotificationPreferences } from "../../users/notification-preferences";
import { requireTeam } from "../require-team";
import { type FormProblems, formAction, formFields, formState } from "../server-action";

export type PreferencesState = (FormProblems & { saved?: boolean }) | undefined;

export const savePreferencesAction = formAction(
  { session: requireTeam("team.read"), args: z.tuple([formState<PreferencesState>(), formFields(notificationPreferencesForm)]) },
  async (team, _state, preferences): Promise<PreferencesState> => {
    await updateNotificationPreferences(team, preferences);
    revalidatePath("/settings/notifications");
    return { saved: true };
  },
);
