"use server";

import { checkedAction, formData, formState } from "./checked-action";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireUser } from "../auth/auth";
import { updateNotificationPreferences } from "../users/notification-preferences";

export type PreferencesState = { saved?: boolean; error?: string } | undefined;

/** A checked box posts "true"; an unchecked one posts nothing. */
const checkbox = z
  .literal("true", { error: "Checkboxes send true or nothing" })
  .nullable()
  .transform((v) => v === "true");
const preferencesForm = z.object({ new_leads: checkbox, completed_reads: checkbox });

export const savePreferencesAction = checkedAction(
  z.tuple([formState<PreferencesState>(), formData]),
  async (_state, form): Promise<PreferencesState> => {
    const user = await requireUser();
    const parsed = preferencesForm.safeParse({ new_leads: form.get("new_leads"), completed_reads: form.get("completed_reads") });
    if (!parsed.success) return { error: parsed.error.issues[0]!.message };
    await updateNotificationPreferences(user.id, parsed.data);
    revalidatePath("/settings/notifications");
    return { saved: true };
  },
);
