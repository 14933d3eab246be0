"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { invitationInputSchema } from "../../schemas/users";
import { createInvitation, revokeInvitation } from "../../users/invitations";
import { requireUser } from "../require-user";
import { type FormProblems, buttonAction, formAction, formFields, formState, recordId } from "../server-action";

export type InvitationState = (FormProblems & { url?: string; email?: string | null }) | undefined;

export const createInvitationAction = formAction(
  { session: requireUser, args: z.tuple([formState<InvitationState>(), formFields(invitationInputSchema)]) },
  async (user, _state, input): Promise<InvitationState> => {
    const { url, invitation } = await createInvitation(user.id, input);
    revalidatePath("/settings/invitations");
    return { url, email: invitation.email };
  },
);

export const revokeInvitationAction = buttonAction({ session: requireUser, args: z.tuple([recordId]) }, async (user, id) => {
  await revokeInvitation(user.id, id);
  revalidatePath("/settings/invitations");
});
