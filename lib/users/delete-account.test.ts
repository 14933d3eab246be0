import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { authenticateApiKey, createApiKey } from "../auth/api-keys";
import { db } from "../db/client";
import { sessionOf, startSession } from "./account-sessions";
import { createUser } from "./create-user";
import { deleteAccount } from "./delete-account";

const PASSWORD = "correct horse battery";
let serial = 0;
const address = () => `203.0.113.${++serial % 250}`;
const newUser = (join?: { teamId: string; role: "admin" | "member" }) =>
  createUser({ email: `delete-${randomBytes(4).toString("hex")}@example.com`, password: PASSWORD }, join);
const exists = async (id: string) => (await db.user.count({ where: { id } })) === 1;

describe("deleting one's account", () => {
  it("deletes the account, its personal team with its documents, its memberships elsewhere, sessions and keys", async () => {
    const user = await newUser();
    const otherOwner = await newUser();
    const member = await createUser({ email: user.email.replace("delete-", "member-"), password: PASSWORD });
    // The user is also a member of someone else's team, where they uploaded a document and made a key.
    await db.teamMember.create({ data: { teamId: otherOwner.personalTeamId, userId: user.id, role: "admin" } });
    const own = await createSampleDocument(user, "Mine", 1, { email_gate: false });
    const shared = await createSampleDocument({ ...user, personalTeamId: otherOwner.personalTeamId }, "Shared", 1, { email_gate: false });
    const { key } = await createApiKey({ teamId: otherOwner.personalTeamId, userId: user.id }, "theirs");
    const session = await startSession(user.id);

    await deleteAccount({ userId: user.id, address: address() }, { current_password: PASSWORD });

    expect(await exists(user.id)).toBe(false);
    expect(await db.team.count({ where: { id: user.personalTeamId } })).toBe(0);
    expect(await db.document.count({ where: { id: own.id } })).toBe(0);
    expect(await db.document.findUnique({ where: { id: shared.id }, select: { createdById: true } })).toEqual({ createdById: null });
    expect(await db.teamMember.count({ where: { userId: user.id } })).toBe(0);
    expect(await sessionOf(session)).toBeNull();
    expect(await authenticateApiKey(key)).toBeNull();
    expect(await exists(otherOwner.id)).toBe(true);
    expect(await exists(member.id)).toBe(true);
    // The team that stays reads in its audit log who left, by name, though the account is gone.
    const left = await db.auditEntry.findMany({ where: { teamId: otherOwner.personalTeamId, action: "member.left" } });
    expect(left).toMatchObject([{ actorEmail: user.email, targetId: user.id, details: { account_deleted: true } }]);
  });

  it("counts a team whose ownership was moved to them: owning it with others stops the deletion", async () => {
    const owner = await newUser();
    const user = await newUser({ teamId: owner.personalTeamId, role: "admin" });
    await db.$transaction([
      db.teamMember.update({ where: { teamId_userId: { teamId: owner.personalTeamId, userId: owner.id } }, data: { role: "admin" } }),
      db.teamMember.update({ where: { teamId_userId: { teamId: owner.personalTeamId, userId: user.id } }, data: { role: "owner" } }),
    ]);
    await expect(deleteAccount({ userId: user.id, address: address() }, { current_password: PASSWORD })).rejects.toMatchObject({
      code: "validation_error",
    });
    expect(await exists(user.id)).toBe(true);
    expect(await db.teamMember.count({ where: { teamId: owner.personalTeamId, role: "owner" } })).toBe(1);
  });

  it("is refused while the user is the sole owner of a team with other members, and nothing is deleted", async () => {
    const owner = await newUser();
    const member = await newUser({ teamId: owner.personalTeamId, role: "member" });
    const doc = await createSampleDocument(owner, "Kept", 1, { email_gate: false });
    await db.team.update({ where: { id: owner.personalTeamId }, data: { name: "Acme" } });
    await expect(deleteAccount({ userId: owner.id, address: address() }, { current_password: PASSWORD })).rejects.toMatchObject({
      code: "validation_error",
      message: expect.stringMatching(/You own "Acme", which has other members\. Transfer ownership/),
    });
    expect(await exists(owner.id)).toBe(true);
    expect(await db.document.count({ where: { id: doc.id } })).toBe(1);
    expect(await db.teamMember.count({ where: { teamId: owner.personalTeamId } })).toBe(2);

    // Once the team is handed over, the former owner (now an admin) may go; the team stays with its new owner.
    await db.$transaction([
      db.teamMember.update({ where: { teamId_userId: { teamId: owner.personalTeamId, userId: owner.id } }, data: { role: "admin" } }),
      db.teamMember.update({ where: { teamId_userId: { teamId: owner.personalTeamId, userId: member.id } }, data: { role: "owner" } }),
    ]);
    await deleteAccount({ userId: owner.id, address: address() }, { current_password: PASSWORD });
    expect(await exists(owner.id)).toBe(false);
    expect(await db.document.count({ where: { id: doc.id } })).toBe(1);
  });

  it("refuses a wrong or missing password and deletes nothing", async () => {
    const user = await newUser();
    await expect(deleteAccount({ userId: user.id, address: address() }, { current_password: "a guess" })).rejects.toMatchObject({
      fields: { current_password: "That is not your current password" },
    });
    await expect(deleteAccount({ userId: user.id, address: address() }, {})).rejects.toMatchObject({
      fields: { current_password: "Enter your current password" },
    });
    expect(await exists(user.id)).toBe(true);
  });

  it("asks an account without a password to type its address, and refuses any other", async () => {
    const user = await newUser();
    await db.user.update({ where: { id: user.id }, data: { passwordHash: null } });
    await expect(deleteAccount({ userId: user.id, address: address() }, { confirm_email: "someone@example.com" })).rejects.toMatchObject({
      fields: { confirm_email: `Type ${user.email} to confirm` },
    });
    await expect(deleteAccount({ userId: user.id, address: address() }, { current_password: "anything" })).rejects.toMatchObject({
      code: "validation_error",
    });
    expect(await exists(user.id)).toBe(true);
    await deleteAccount({ userId: user.id, address: address() }, { confirm_email: ` ${user.email.toUpperCase()} ` });
    expect(await exists(user.id)).toBe(false);
  });
});
