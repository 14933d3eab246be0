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
