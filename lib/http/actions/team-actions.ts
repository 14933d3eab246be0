"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { ApiError } from "../../errors";
import { GRANTABLE_ROLES, versionsKeptForm } from "../../schemas/teams";
import { changeMemberRole, deleteTeam, removeMember, renameTeam, transferOwnership } from "../../teams/manage-team";
import { switchTeam } from "../../teams/session-team";
import { changeVersionsKept } from "../../teams/versions-kept";
import { acceptInvitation } from "../../users/invitations";
import { requireTeam } from "../require-team";
import { requireUser } from "../require-user";
import { type FormProblems, buttonAction, formAction, formData, formFields, formState, recordId } from "../server-action";

/** The team switcher: this sign-in acts in another of the user's teams from now on. */
export const switchTeamAction = buttonAction(
  { session: requireTeam(), args: z.tuple([formFields(z.object({ team_id: recordId }))]) },
  async (access, { team_id }) => {
    if (!access.user.sessionId) throw new Error("A dashboard session without its row");
    await switchTeam(access.userId, access.user.sessionId, team_id);
    // Every dashboard page shows the session's team: the browser's cached renders of them are stale,
    // the documents page it may already be on included (a redirect there alone kept the old team).
    revalidatePath("/", "layout");
    redirect("/documents");
  },
);

export const changeRoleAction = buttonAction(
  { session: requireTeam("members.manage"), args: z.tuple([recordId, z.enum(GRANTABLE_ROLES)]) },
  async (access, userId, role) => {
    await changeMemberRole(access, userId, role);
    revalidatePath("/settings/team");
  },
);

/** Removing someone else (admins and the owner), or leaving (anyone but the owner). */
export const removeMemberAction = buttonAction(
  { session: requireTeam("team.leave"), args: z.tuple([recordId]) },
  async (access, userId) => {
    await removeMember(access, userId);
    if (userId === access.userId) redirect("/documents");
    revalidatePath("/settings/team");
  },
);

export const transferOwnershipAction = buttonAction(
  { session: requireTeam("team.transfer"), args: z.tuple([recordId]) },
  async (access, userId) => {
    await transferOwnership(access, userId);
    revalidatePath("/settings/team");
  },
);

export type RenameState = (FormProblems & { saved?: boolean }) | undefined;

export const renameTeamAction = formAction(
  { session: requireTeam("team.rename"), args: z.tuple([formState<RenameState>(), formFields(z.object({ name: z.string().optional() }))]) },
  async (access, _state, { name }): Promise<RenameState> => {
    await renameTeam(access, name ?? "");
    revalidatePath("/", "layout");
    return { saved: true };
  },
);

export type VersionsKeptState = (FormProblems & { saved?: boolean }) | undefined;

/** The Team page's "Keep versions": all of them, or the last N of each document. */
export const saveVersionsKeptAction = formAction(
  { session: requireTeam("team.versions"), args: z.tuple([formState<VersionsKeptState>(), formFields(versionsKeptForm)]) },
  async (access, _state, versionsKept): Promise<VersionsKeptState> => {
    await changeVersionsKept(access, versionsKept);
    revalidatePath("/settings/team");
    return { saved: true };
  },
);

/** Names the team it deletes: a call meant for the team shown before a switch (or a stray one) deletes nothing. */
export const deleteTeamAction = buttonAction({ session: requireTeam("team.delete"), args: z.tuple([recordId]) }, async (access, teamId) => {
  if (teamId !== access.teamId) throw new ApiError("not_found", "Team not found");
  await deleteTeam(access);
  redirect("/documents");
});

/** A signed-in user opens an invitation link and accepts it: they join the team and land in it. */
export const acceptInvitationAction = buttonAction(
  { session: requireUser, args: z.tuple([z.string().max(100), formData]) },
  async (user, token) => {
    const teamId = await acceptInvitation(token, user);
    if (user.sessionId) await switchTeam(user.id, user.sessionId, teamId);
    redirect("/documents");
  },
);
