"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { invitationInputSchema } from "../../schemas/users";
import { createInvitation, revokeInvitation } from "../../users/invitations";
import { requireTeam } from "../require-team";
import { type FormProblems, buttonAction, formAction, formFields, formState, recordId } from "../server-action";

export type InvitationState = (FormProblems & { url?: string; email?: string | null; emailed?: boolean }) | undefined;

export const createInvitationAction = formAction(
  { session: requireTeam("members.manage"), args: z.tuple([formState<InvitationState>(), formFields(invitationInputSchema)]) },
  async (team, _state, input): Promise<InvitationState> => {
    const { url, invitation, emailed } = await createInvitation(team, input);
    revalidatePath("/settings/invitations");
    return { url, email: invitation.email, emailed };
  },
);

export const revokeInvitationAction = buttonAction(
  { session: requireTeam("members.manage"), args: z.tuple([recordId]) },
  async (team, id) => {
    await revokeInvitation(team, id);
    revalidatePath("/settings/invitations");
  },
);
