import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { teamAccess } from "@/test/support/fixtures";
import { db } from "../db/client";
import { versionsKeptForm } from "../schemas/teams";
import { createUser } from "../users/create-user";
import { changeVersionsKept, versionsKeptOf } from "./versions-kept";

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

let teamId: string;
let as: Record<"owner" | "admin" | "member", ReturnType<typeof teamAccess>>;

beforeAll(async () => {
  const [owner, admin, member] = await Promise.all([newUser("owner"), newUser("admin"), newUser("member")]);
  teamId = owner.personalTeamId;
  await db.teamMember.createMany({
    data: [
      { teamId, userId: admin.id, role: "admin" },
      { teamId, userId: member.id, role: "member" },
    ],
  });
  as = {
    owner: teamAccess(teamId, owner.id, "owner"),
    admin: teamAccess(teamId, admin.id, "admin"),
    member: teamAccess(teamId, member.id, "member"),
  };
});

const entries = () => db.auditEntry.findMany({ where: { teamId, action: "team.versions_kept_changed" }, orderBy: { createdAt: "asc" } });

describe("changeVersionsKept", () => {
  it("lets an admin keep the last N versions and the owner go back to all, each change one audit entry with from and to", async () => {
    const before = (await entries()).length;
    expect(await versionsKeptOf(teamId)).toBeNull();
    expect(await changeVersionsKept(as.admin, 3)).toEqual({ changed: true });
    expect(await versionsKeptOf(teamId)).toBe(3);
    expect(await changeVersionsKept(as.owner, null)).toEqual({ changed: true });
    expect(await versionsKeptOf(teamId)).toBeNull();
    const written = (await entries()).slice(before);
    expect(written.map((e) => [e.actorUserId, e.details])).toEqual([
      [as.admin.userId, { from: null, to: 3 }],
      [as.owner.userId, { from: 3, to: null }],
    ]);
    expect(written[0]).toMatchObject({ targetType: "team", targetId: teamId, actorAddress: as.admin.address });
  });

  it("refuses a member (403), also one who claims a higher role, and writes nothing", async () => {
    const before = (await entries()).length;
    await expect(changeVersionsKept(as.member, 2)).rejects.toMatchObject({ status: 403, code: "forbidden" });
    // The role is read again inside the transaction, so a stale or forged one changes nothing.
    await expect(changeVersionsKept({ ...as.member, role: "admin" }, 2)).rejects.toMatchObject({ status: 403 });
    expect(await versionsKeptOf(teamId)).toBeNull();
    expect(await entries()).toHaveLength(before);
  });

  it("writes nothing, not even an audit entry, when the team already keeps that many", async () => {
    await changeVersionsKept(as.admin, 5);
    const before = (await entries()).length;
    expect(await changeVersionsKept(as.owner, 5)).toEqual({ changed: false });
    expect(await entries()).toHaveLength(before);
    await changeVersionsKept(as.admin, null);
    expect(await changeVersionsKept(as.admin, null)).toEqual({ changed: false });
    expect(await entries()).toHaveLength(before + 1);
  });

  it("keeps from 1 to 100 versions and refuses anything else as a problem of the count field", async () => {
    for (const wrong of [0, 101, 2.5, -1, Number.NaN]) {
      await expect(changeVersionsKept(as.admin, wrong), String(wrong)).rejects.toMatchObject({
        status: 422,
        fields: { count: "Keep from 1 to 100 versions" },
      });
    }
    expect(await versionsKeptOf(teamId)).toBeNull();
    await changeVersionsKept(as.admin, 1);
    await changeVersionsKept(as.admin, 100);
    expect(await versionsKeptOf(teamId)).toBe(100);
    await changeVersionsKept(as.admin, null);
  });
});

describe("the Keep versions form", () => {
  it("reads all versions as null and the last N as N", () => {
    expect(versionsKeptForm.parse({ keep: "all", count: "7" })).toBeNull();
    expect(versionsKeptForm.parse({ keep: "last", count: "7" })).toBe(7);
  });

  it("refuses a missing, out-of-range or fractional count, and a choice it does not offer", () => {
    for (const count of [undefined, "0", "101", "1.5", "many"]) {
      const result = versionsKeptForm.safeParse({ keep: "last", count });
      expect(
        result.error?.issues.map((i) => [i.path, i.message]),
        String(count),
      ).toEqual([[["count"], "Keep from 1 to 100 versions"]]);
    }
    expect(versionsKeptForm.safeParse({ keep: "some" }).success).toBe(false);
  });
});
