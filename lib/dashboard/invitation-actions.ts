"use server";

import { revalidatePath } from "next/cache";
import { requireUser } from "../auth/auth";
import { createInvitation, invitationInputSchema, revokeInvitation } from "../users/invitations";

export type InvitationState = { url?: string; email?: string | null; fieldErrors?: Record<string, string> } | undefined;

export async function createInvitationAction(_state: InvitationState, form: FormData): Promise<InvitationState> {
  const user = await requireUser();
  const parsed = invitationInputSchema.safeParse({
    email: String(form.get("email") ?? ""),
    days: String(form.get("days") ?? "") || undefined,
  });
  if (!parsed.success) return { fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) };
  const { url, invitation } = await createInvitation(user.id, parsed.data);
  revalidatePath("/settings/invitations");
  return { url, email: invitation.email };
}

export async function revokeInvitationAction(id: string) {
  const user = await requireUser();
  await revokeInvitation(user.id, id);
  revalidatePath("/settings/invitations");
}
