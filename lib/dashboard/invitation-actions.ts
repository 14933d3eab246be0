"use server";

import { z } from "zod";
import { checkedAction, formData, formState, recordId } from "./checked-action";
import { revalidatePath } from "next/cache";
import { requireUser } from "../auth/auth";
import { createInvitation, invitationInputSchema, revokeInvitation } from "../users/invitations";

export type InvitationState = { url?: string; email?: string | null; fieldErrors?: Record<string, string> } | undefined;

export const createInvitationAction = checkedAction(
  z.tuple([formState<InvitationState>(), formData]),
  async (_state, form): Promise<InvitationState> => {
    const user = await requireUser();
    const parsed = invitationInputSchema.safeParse({
      email: String(form.get("email") ?? ""),
      days: String(form.get("days") ?? "") || undefined,
    });
    if (!parsed.success) return { fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) };
    const { url, invitation } = await createInvitation(user.id, parsed.data);
    revalidatePath("/settings/invitations");
    return { url, email: invitation.email };
  },
);

export const revokeInvitationAction = checkedAction(z.tuple([recordId]), async (id) => {
  const user = await requireUser();
  await revokeInvitation(user.id, id);
  revalidatePath("/settings/invitations");
});
