import { ownerAccess, teamAccess } from "../../test/support/fixtures";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { joinTeam } from "../teams/join-team";
import { createUser } from "./create-user";
import { getNotificationPreferences, updateNotificationPreferences } from "./notification-preferences";

const newUser = () => createUser({ email: `user-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

async function teamWith(role: "admin" | "member") {
  const owner = await newUser();
  const colleague = await newUser();
  await db.$transaction((tx) => joinTeam(tx, owner.personalTeamId, colleague.id, role));
  return { owner, colleague, access: teamAccess(owner.personalTeamId, colleague.id, role) };
}

describe("notification preferences", () => {
  it("start with every document of their own team, new leads and completed reads, until the owner changes them", async () => {
    const owner = await newUser();
    expect(await getNotificationPreferences(ownerAccess(owner))).toEqual({
      digests: "all",
      new_leads: true,
      completed_reads: true,
      team_alerts: true,
    });
    const saved = { digests: "uploaded", new_leads: false, completed_reads: true, team_alerts: true } as const;
    expect(await updateNotificationPreferences(ownerAccess(owner), saved)).toEqual(saved);
    expect(await getNotificationPreferences(ownerAccess(owner))).toEqual(saved);
  });

  it("start a member who joins with the documents they upload, and keep the owner told of webhook problems whatever they send", async () => {
    const { owner, access } = await teamWith("member");
    expect(await getNotificationPreferences(access)).toEqual({
      digests: "uploaded",
      new_leads: true,
      completed_reads: true,
      team_alerts: false,
    });
    await updateNotificationPreferences(ownerAccess(owner), { digests: "all", new_leads: true, completed_reads: true, team_alerts: false });
    expect(await getNotificationPreferences(ownerAccess(owner))).toMatchObject({ team_alerts: true });
    await updateNotificationPreferences(access, { digests: "all", new_leads: true, completed_reads: true, team_alerts: true });
    expect(await getNotificationPreferences(access)).toMatchObject({ digests: "all", team_alerts: false });
  });

  it("let an admin turn webhook problems off, and keep that choice through a demotion and back", async () => {
    const { owner, colleague, access } = await teamWith("admin");
    expect(await getNotificationPreferences(access)).toMatchObject({ team_alerts: true });
    await updateNotificationPreferences(access, { digests: "none", new_leads: true, completed_reads: true, team_alerts: false });
    expect(await getNotificationPreferences(access)).toMatchObject({ digests: "none", team_alerts: false });
    const where = { teamId_userId: { teamId: owner.personalTeamId, userId: colleague.id } };
    await db.teamMember.update({ where, data: { role: "member" } });
    await updateNotificationPreferences(
      { ...access, role: "member" },
      { digests: "none", new_leads: true, completed_reads: true, team_alerts: true },
    );
    await db.teamMember.update({ where, data: { role: "admin" } });
    expect(await getNotificationPreferences(access)).toMatchObject({ team_alerts: false });
  });

  it("keep each team's preferences apart", async () => {
    const { colleague, access } = await teamWith("member");
    await updateNotificationPreferences(access, { digests: "none", new_leads: false, completed_reads: false, team_alerts: false });
    expect(await getNotificationPreferences(ownerAccess(colleague))).toEqual({
      digests: "all",
      new_leads: true,
      completed_reads: true,
      team_alerts: true,
    });
  });

  it("refuse anything but a known choice and three booleans, and change nothing then", async () => {
    const owner = await newUser();
    const valid = { digests: "all", new_leads: false, completed_reads: false, team_alerts: true };
    await expect(updateNotificationPreferences(ownerAccess(owner), { ...valid, new_leads: "off" })).rejects.toThrow(
      /new_leads must be true or false/,
    );
    await expect(updateNotificationPreferences(ownerAccess(owner), { ...valid, digests: "mine" })).rejects.toThrow(
      /digests must be all, uploaded or none/,
    );
    await expect(updateNotificationPreferences(ownerAccess(owner), { digests: "none", new_leads: false })).rejects.toThrow(
      /completed_reads/,
    );
    await expect(updateNotificationPreferences(ownerAccess(owner), { ...valid, views: false })).rejects.toThrow(/views/);
    expect(await getNotificationPreferences(ownerAccess(owner))).toEqual({
      digests: "all",
      new_leads: true,
      completed_reads: true,
      team_alerts: true,
    });
  });

  it("refuse a former member without a server error", async () => {
    const { owner, colleague, access } = await teamWith("member");
    await db.teamMember.delete({ where: { teamId_userId: { teamId: owner.personalTeamId, userId: colleague.id } } });
    await expect(
      updateNotificationPreferences(access, { digests: "all", new_leads: true, completed_reads: true, team_alerts: false }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
