import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { ownerAccess } from "../../test/support/fixtures";
import { startSession } from "../users/account-sessions";
import { admitSignup } from "../users/admit-signup";
import { createUser } from "../users/create-user";
import { createInvitation } from "../users/invitations";
import { deleteTeam, removeMember } from "./manage-team";
import { sessionTeamAccess, switchTeam } from "./session-team";

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

async function signIn(user: { id: string }) {
  const token = await startSession(user.id);
  return (await db.session.findUniqueOrThrow({ where: { sessionToken: token } })).id;
}

describe("the team a dashboard sign-in acts in", () => {
  it("is the chosen team while the user belongs to it, and falls back at once when they are removed", async () => {
    const [owner, colleague] = await Promise.all([newUser("owner"), newUser("colleague")]);
    await db.teamMember.create({ data: { teamId: owner.personalTeamId, userId: colleague.id, role: "member" } });
    const session = await signIn(colleague);
    await switchTeam(colleague.id, session, owner.personalTeamId);
    expect(await sessionTeamAccess(colleague, session)).toEqual({ teamId: owner.personalTeamId, userId: colleague.id, role: "member" });
    // Another sign-in of the same user keeps its own choice.
    const elsewhere = await signIn(colleague);
    await switchTeam(colleague.id, elsewhere, colleague.personalTeamId);
    expect((await sessionTeamAccess(colleague, elsewhere)).teamId).toBe(colleague.personalTeamId);

    await removeMember(ownerAccess(owner), colleague.id);
    expect(await sessionTeamAccess(colleague, session)).toEqual({ teamId: colleague.personalTeamId, userId: colleague.id, role: "owner" });
  });

  it("refuses switching to a team the user does not belong to, and changes nothing", async () => {
    const [user, stranger] = await Promise.all([newUser("user"), newUser("stranger")]);
    const session = await signIn(user);
    await expect(switchTeam(user.id, session, stranger.personalTeamId)).rejects.toMatchObject({ code: "not_found" });
    expect((await db.session.findUniqueOrThrow({ where: { id: session } })).activeTeamId).toBeNull();
    expect((await sessionTeamAccess(user, session)).teamId).toBe(user.personalTeamId);
  });

  it("gives a user whose only team was deleted a new personal team of their own", async () => {
    const user = await newUser("alone");
    await deleteTeam(ownerAccess(user));
    const access = await sessionTeamAccess(user, null);
    expect(access).toMatchObject({ userId: user.id, role: "owner" });
    expect(access.teamId).not.toBe(user.personalTeamId);
  });

  it("lands a sign-up through an invitation in the inviting team, with its own personal team too", async () => {
    const owner = await newUser("inviter");
    const email = `invited-${randomBytes(4).toString("hex")}@example.com`;
    const { invitation } = await createInvitation(ownerAccess(owner), { email, role: "admin" });
    const admitted = await admitSignup({ email, name: null, passwordHash: "x", invitationId: invitation.id, emailVerified: null });
    if (admitted.status !== "created") throw new Error(`not admitted: ${admitted.status}`);
    const teams = await db.teamMember.findMany({ where: { userId: admitted.user.id } });
    expect(teams.map((m) => [m.teamId === owner.personalTeamId ? "invited" : "personal", m.role]).sort()).toEqual([
      ["invited", "admin"],
      ["personal", "owner"],
    ]);
    const session = await signIn(admitted.user);
    expect((await sessionTeamAccess({ ...admitted.user, name: null }, session)).teamId).toBe(owner.personalTeamId);
  });
});
