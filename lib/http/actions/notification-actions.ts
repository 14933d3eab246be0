"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { notificationPreferencesForm } from "../../schemas/users";
import { updateNotificationPreferences } from "../../users/notification-preferences";
import { requireUser } from "../require-user";
import { type FormProblems, formAction, formFields, formState } from "../server-action";

export type PreferencesState = (FormProblems & { saved?: boolean }) | undefined;

export const savePreferencesAction = formAction(
  { session: requireUser, args: z.tuple([formState<PreferencesState>(), formFields(notificationPreferencesForm)]) },
  async (user, _state, preferences): Promise<PreferencesState> => {
    await updateNotificationPreferences(user.id, preferences);
    revalidatePath("/settings/notifications");
    return { saved: true };
  },
);
