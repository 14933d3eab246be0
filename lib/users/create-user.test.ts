import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { UnknownTeamError, createUser } from "./create-user";

describe("an account made by an operator (npm run user:create)", () => {
  it("gets a personal team of its own, which it owns, named after it", async () => {
    const user = await createUser({ email: "ada@example.com", password: "long enough", name: "Ada" });
    const memberships = await db.teamMember.findMany({ where: { userId: user.id }, include: { team: true } });
    expect(memberships.map((m) => [m.teamId, m.role, m.team.name])).toEqual([[user.personalTeamId, "owner", "Ada's team"]]);
    expect(user.personalTeamId).not.toBe(user.id);
  });

  it("with --team also joins that team with the role given, and its own team stays its own", async () => {
    const owner = await createUser({ email: "founder@example.com", password: "long enough" });
    const cfo = await createUser({ email: "cfo@example.com", password: "long enough" }, { teamId: owner.personalTeamId, role: "admin" });
    const roles = await db.teamMember.findMany({ where: { userId: cfo.id }, orderBy: { role: "asc" } });
    expect(roles.map((m) => [m.teamId, m.role])).toEqual([
      [cfo.personalTeamId, "owner"],
      [owner.personalTeamId, "admin"],
    ]);
  });

  it("refuses an unknown team and creates nothing", async () => {
    const missing = "00000000-0000-0000-0000-000000000000";
    await expect(
      createUser({ email: "lost@example.com", password: "long enough" }, { teamId: missing, role: "member" }),
    ).rejects.toBeInstanceOf(UnknownTeamError);
    expect(await db.user.count({ where: { email: "lost@example.com" } })).toBe(0);
  });
});
