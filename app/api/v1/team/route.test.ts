import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import type { Document } from "@/lib/generated/prisma/client";
import type { TeamRole } from "@/lib/teams/permissions";
import { createUser } from "@/lib/users/create-user";
import { acceptInvitation, findUsableInvitation } from "@/lib/users/invitations";
import { routeAt } from "@/test/support/api-route";

const documentRoute = routeAt("/api/v1/documents/{short_code}");
const documentsRoute = routeAt("/api/v1/documents");
const webhooksRoute = routeAt("/api/v1/webhooks");
const invitationsRoute = routeAt("/api/v1/team/invitations");
const memberRoute = routeAt("/api/v1/team/members/{user_id}");
const teamRoute = routeAt("/api/v1/team");
const transferRoute = routeAt("/api/v1/team/transfer");

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type User = Awaited<ReturnType<typeof createUser>>;

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

async function call(handler: unknown, key: string, init: { method?: string; body?: unknown; params?: Record<string, string> } = {}) {
  const req = new Request("http://localhost:3000/api/v1/x", {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const response = await (handler as Handler)(req, { params: Promise.resolve(init.params ?? {}) });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

/** A team of an owner, an admin and a member, each with a key of their own in the team. */
async function team() {
  const [owner, admin, member] = await Promise.all([newUser("owner"), newUser("admin"), newUser("member")]);
  const teamId = owner.personalTeamId;
  await db.teamMember.createMany({
    data: [
      { teamId, userId: admin.id, role: "admin" },
      { teamId, userId: member.id, role: "member" },
    ],
  });
  const keyOf = async (user: User) => (await createApiKey({ teamId, userId: user.id })).key;
  const keys = { owner: await keyOf(owner), admin: await keyOf(admin), member: await keyOf(member) };
  const doc = await createSampleDocument(owner, "Team deck", 2, { email_gate: false });
  return { teamId, owner, admin, member, keys, doc };
}

let t: Awaited<ReturnType<typeof team>>;
beforeAll(async () => {
  t = await team();
});

describe("GET /api/v1/team", () => {
  it("shows the key's team and its members, owner first, to every role", async () => {
    for (const role of ["owner", "admin", "member"] as const) {
      const { status, body } = await call(teamRoute.GET, t.keys[role]);
      expect(status).toBe(200);
      expect(body.team).toEqual({ id: t.teamId, name: expect.stringMatching(/'s team$/) });
      expect(body.members.map((m: { user_id: string; role: TeamRole }) => [m.user_id, m.role])).toEqual([
        [t.owner.id, "owner"],
        [t.admin.id, "admin"],
        [t.member.id, "member"],
      ]);
      expect(body.members[0]).toEqual({
        user_id: t.owner.id,
        email: t.owner.email,
        name: null,
        role: "owner",
        joined_at: expect.any(String),
      });
    }
  });
});

describe("each role on each action", () => {
  it("lets every role read and change the team's documents through its own key", async () => {
    for (const role of ["owner", "admin", "member"] as const) {
      const list = await call(documentsRoute.GET, t.keys[role]);
      expect(list.body.documents.map((d: { short_code: string }) => d.short_code)).toContain(`s-${t.doc.code}`);
      const patched = await call(documentRoute.PATCH, t.keys[role], {
        method: "PATCH",
        body: { title: `Retitled by ${role}` },
        params: { short_code: t.doc.code },
      });
      expect(patched.status).toBe(200);
    }
  });

  it("refuses a member's key the webhook and invitations with 403 forbidden, and lets an admin's through", async () => {
    const refused = await call(webhooksRoute.GET, t.keys.member);
    expect(refused).toEqual({ status: 403, body: { error: { code: "forbidden", message: expect.stringContaining("member") } } });
    expect((await call(webhooksRoute.GET, t.keys.admin)).status).toBe(404);
    const invite = { email: "newcomer@example.com", role: "member" };
    expect((await call(invitationsRoute.POST, t.keys.member, { method: "POST", body: invite })).status).toBe(403);
    const made = await call(invitationsRoute.POST, t.keys.admin, { method: "POST", body: invite });
    expect(made.status).toBe(201);
    expect(made.body.invitation).toEqual({
      id: expect.any(String),
      email: "newcomer@example.com",
      role: "member",
      url: expect.stringContaining("/sign-up?invite="),
      expires_at: expect.any(String),
    });
    expect(await db.invitation.count({ where: { teamId: t.teamId, email: "newcomer@example.com" } })).toBe(1);
  });

  it("refuses a member changing roles, and an admin changing the owner; the owner's role changes only by transfer", async () => {
    const patch = (key: string, userId: string, role: string) =>
      call(memberRoute.PATCH, key, { method: "PATCH", body: { role }, params: { user_id: userId } });
    expect((await patch(t.keys.member, t.member.id, "admin")).status).toBe(403);
    expect((await patch(t.keys.admin, t.owner.id, "member")).status).toBe(403);
    expect((await patch(t.keys.owner, t.owner.id, "admin")).status).toBe(422);
    expect((await patch(t.keys.owner, t.member.id, "owner")).status).toBe(422);
    expect((await call(transferRoute.POST, t.keys.admin, { method: "POST", body: { user_id: t.admin.id } })).status).toBe(403);
    const roles = await db.teamMember.findMany({ where: { teamId: t.teamId }, orderBy: { role: "asc" } });
    expect(roles.map((m) => [m.userId, m.role])).toEqual([
      [t.owner.id, "owner"],
      [t.admin.id, "admin"],
      [t.member.id, "member"],
    ]);
  });

  it("lets an admin promote a member, and the owner cannot be removed, by an admin or by leaving", async () => {
    const other = await team();
    const promoted = await call(memberRoute.PATCH, other.keys.admin, {
      method: "PATCH",
      body: { role: "admin" },
      params: { user_id: other.member.id },
    });
    expect(promoted).toEqual({ status: 200, body: expect.objectContaining({ user_id: other.member.id, role: "admin" }) });
    expect((await call(memberRoute.DELETE, other.keys.admin, { method: "DELETE", params: { user_id: other.owner.id } })).status).toBe(403);
    expect((await call(memberRoute.DELETE, other.keys.owner, { method: "DELETE", params: { user_id: other.owner.id } })).status).toBe(422);
    expect(await db.teamMember.count({ where: { teamId: other.teamId, role: "owner" } })).toBe(1);
  });

  it("transfers ownership: the new owner is the only owner, the previous one an admin who can no longer rename or transfer", async () => {
    const other = await team();
    const moved = await call(transferRoute.POST, other.keys.owner, { method: "POST", body: { user_id: other.member.id } });
    expect(moved).toEqual({ status: 200, body: expect.objectContaining({ user_id: other.member.id, role: "owner" }) });
    const owners = await db.teamMember.findMany({ where: { teamId: other.teamId, role: "owner" } });
    expect(owners.map((m) => m.userId)).toEqual([other.member.id]);
    expect((await call(transferRoute.POST, other.keys.owner, { method: "POST", body: { user_id: other.owner.id } })).status).toBe(403);
  });
});

describe("removing a member", () => {
  it("revokes the keys they made in the team at once; a member leaving is allowed", async () => {
    const other = await team();
    expect((await call(documentsRoute.GET, other.keys.member)).status).toBe(200);
    const removed = await call(memberRoute.DELETE, other.keys.admin, { method: "DELETE", params: { user_id: other.member.id } });
    expect(removed.status).toBe(204);
    expect(await db.apiKey.count({ where: { teamId: other.teamId, userId: other.member.id, revokedAt: null } })).toBe(0);
    expect((await call(documentsRoute.GET, other.keys.member)).status).toBe(401);
    const left = await call(memberRoute.DELETE, other.keys.admin, { method: "DELETE", params: { user_id: other.admin.id } });
    expect(left.status).toBe(204);
    expect(await db.teamMember.count({ where: { teamId: other.teamId } })).toBe(1);
  });

  it("refuses with 401 a key whose maker is no longer a member, even one not revoked", async () => {
    const other = await team();
    await db.teamMember.delete({ where: { teamId_userId: { teamId: other.teamId, userId: other.admin.id } } });
    expect((await call(documentsRoute.GET, other.keys.admin)).status).toBe(401);
  });

  it("acts with the maker's role now: a demoted admin's key loses the webhook", async () => {
    const other = await team();
    expect((await call(webhooksRoute.GET, other.keys.admin)).status).toBe(404);
    await db.teamMember.update({ where: { teamId_userId: { teamId: other.teamId, userId: other.admin.id } }, data: { role: "member" } });
    expect((await call(webhooksRoute.GET, other.keys.admin)).status).toBe(403);
  });
});

describe("isolation between teams", () => {
  let foreign: Document;
  let outsiderKey: string;
  beforeAll(async () => {
    const outsider = await newUser("outsider");
    outsiderKey = (await createApiKey({ teamId: outsider.personalTeamId, userId: outsider.id })).key;
    foreign = t.doc;
  });

  it("answers 404 to another team's document by short code, on read, patch and delete, and changes nothing", async () => {
    const params = { short_code: `s-${foreign.code}` };
    expect((await call(documentRoute.GET, outsiderKey, { params })).status).toBe(404);
    expect((await call(documentRoute.PATCH, outsiderKey, { method: "PATCH", body: { title: "Mine now" }, params })).status).toBe(404);
    expect((await call(documentRoute.DELETE, outsiderKey, { method: "DELETE", params })).status).toBe(404);
    const after = await db.document.findUniqueOrThrow({ where: { id: foreign.id } });
    expect(after.title).not.toBe("Mine now");
    expect(after.deletedAt).toBeNull();
  });

  it("lists only the key's own team's documents and members", async () => {
    const list = await call(documentsRoute.GET, outsiderKey);
    expect(list.body.documents).toEqual([]);
    const own = await call(teamRoute.GET, outsiderKey);
    expect(own.body.members).toHaveLength(1);
    expect((await call(memberRoute.DELETE, outsiderKey, { method: "DELETE", params: { user_id: t.member.id } })).status).toBe(404);
  });
});

describe("an existing user accepting an invitation", () => {
  it("joins the team with the invitation's role (no second account) and can then use the team's documents", async () => {
    const colleague = await newUser("colleague");
    const made = await call(invitationsRoute.POST, t.keys.owner, { method: "POST", body: { email: colleague.email, role: "admin" } });
    const token = new URL(made.body.invitation.url).searchParams.get("invite")!;
    const stranger = await newUser("stranger");
    await expect(acceptInvitation(token, stranger)).rejects.toMatchObject({ code: "forbidden" });
    expect(await acceptInvitation(token, colleague)).toBe(t.teamId);
    expect(await db.user.count({ where: { email: colleague.email } })).toBe(1);
    expect(await db.teamMember.findUnique({ where: { teamId_userId: { teamId: t.teamId, userId: colleague.id } } })).toMatchObject({
      role: "admin",
    });
    expect(await findUsableInvitation(token)).toBeNull();
    await expect(acceptInvitation(token, colleague)).rejects.toMatchObject({ code: "not_found" });
  });
});
