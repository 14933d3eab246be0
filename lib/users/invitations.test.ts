import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { teamAccess } from "../../test/support/fixtures";
import { db } from "../db/client";
import { changeMemberRole, removeMember } from "../teams/manage-team";
import { createUser } from "./create-user";
import { acceptInvitation, createInvitation, listInvitations } from "./invitations";

const account = () => createUser({ email: `person-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

/** An owner's team with an admin who joined it through an invitation. */
async function teamWithAdmin() {
  const owner = await account();
  const admin = await account();
  const asOwner = teamAccess(owner.personalTeamId, owner.id, "owner");
  await acceptInvitation((await createInvitation(asOwner, { role: "admin" })).token, admin);
  return { owner, admin, asOwner, asAdmin: teamAccess(owner.personalTeamId, admin.id, "admin"), teamId: owner.personalTeamId };
}

const roleIn = async (teamId: string, userId: string) =>
  (await db.teamMember.findUnique({ where: { teamId_userId: { teamId, userId } } }))?.role ?? null;

describe("an invitation's maker", () => {
  it("brings a newcomer in while they may still invite", async () => {
    const { teamId, asAdmin } = await teamWithAdmin();
    const newcomer = await account();
    await acceptInvitation((await createInvitation(asAdmin, { role: "member" })).token, newcomer);
    expect(await roleIn(teamId, newcomer.id)).toBe("member");
  });

  it("once removed, cannot walk back in through an invitation they made, and it shows as revoked", async () => {
    const { teamId, admin, asOwner, asAdmin } = await teamWithAdmin();
    const { token, invitation } = await createInvitation(asAdmin, { role: "admin" });
    await removeMember(asOwner, admin.id);

    await expect(acceptInvitation(token, admin)).rejects.toMatchObject({ code: "not_found" });
    expect(await roleIn(teamId, admin.id)).toBeNull();
    expect((await listInvitations(asOwner)).find((i) => i.id === invitation.id)?.status).toBe("revoked");
  });

  it("once demoted to member, has their open invitations (for anyone with the link) revoked", async () => {
    const { teamId, admin, asOwner, asAdmin } = await teamWithAdmin();
    const { token } = await createInvitation(asAdmin, { role: "admin" });
    await changeMemberRole(asOwner, admin.id, "member");

    const stranger = await account();
    await expect(acceptInvitation(token, stranger)).rejects.toMatchObject({ code: "not_found" });
    expect(await roleIn(teamId, stranger.id)).toBeNull();
    expect(await roleIn(teamId, admin.id)).toBe("member");
  });

  it("who lost the role by any other path is checked again when the invitation is accepted", async () => {
    const { teamId, admin, asAdmin } = await teamWithAdmin();
    const { token } = await createInvitation(asAdmin, { role: "admin" });
    // As a change that bypassed the use-cases would leave it: the invitation still open.
    await db.teamMember.update({ where: { teamId_userId: { teamId, userId: admin.id } }, data: { role: "member" } });

    const stranger = await account();
    await expect(acceptInvitation(token, stranger)).rejects.toMatchObject({ code: "not_found" });
    expect(await roleIn(teamId, stranger.id)).toBeNull();
    const invitation = await db.invitation.findFirstOrThrow({ where: { teamId, createdById: admin.id } });
    expect(invitation.usedAt).toBeNull();
  });
});

describe("an invitation bound to an address", () => {
  it("is emailed there in its own transaction, naming the team, who invited, the role, until when and the link; one for anyone is not", async () => {
    const owner = await account();
    await db.user.update({ where: { id: owner.id }, data: { name: "Ada Founder" } });
    const asOwner = teamAccess(owner.personalTeamId, owner.id, "owner");
    const to = `invitee-${randomBytes(4).toString("hex")}@example.com`;
    const { url, invitation, emailed } = await createInvitation(asOwner, { email: to, role: "admin" });
    const [email, ...others] = await db.notification.findMany({ where: { toAddress: to } });
    expect(others).toEqual([]);
    const team = await db.team.findUniqueOrThrow({ where: { id: owner.personalTeamId } });
    expect(email).toMatchObject({ kind: "invitation", userId: owner.id, teamId: team.id });
    expect(email!.subject).toBe(`Ada Founder invited you to ${team.name} on Pagewise`);
    expect(email!.body).toContain(`Ada Founder (${owner.email}) invited you to join ${team.name} on Pagewise as an admin.`);
    expect(email!.body).toContain(url);
    expect(email!.body).toContain(invitation.expiresAt.toUTCString().slice(0, 16));
    expect(email!.html).toContain(url.replace(/&/g, "&amp;"));
    // No SMTP_URL in the tests: it waits in the owner's outbox, and the dashboard shows the link to pass on.
    expect(emailed).toBe(false);

    const before = await db.notification.count({ where: { userId: owner.id, kind: "invitation" } });
    await createInvitation(asOwner, { role: "member" });
    expect(await db.notification.count({ where: { userId: owner.id, kind: "invitation" } })).toBe(before);
  });
});
