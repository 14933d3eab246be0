import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { contractChecker } from "@/test/support/api-contract";
import { createApiKey } from "@/lib/auth/api-keys";
import { openApiDocument } from "@/lib/contract/openapi-document";
import { db } from "@/lib/db/client";
import { CLIENT_ADDRESS_HEADER, stampFor } from "@/lib/request/client-address";
import { createUser } from "@/lib/users/create-user";
import { routeAt } from "@/test/support/api-route";

const documentRoute = routeAt("/api/v1/documents/{short_code}");
const webhooksRoute = routeAt("/api/v1/webhooks");
const auditLogRoute = routeAt("/api/v1/audit-log");

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type User = Awaited<ReturnType<typeof createUser>>;
type Entry = { id: string; action: string; actor: Record<string, unknown>; address: string | null; target: Record<string, string> };

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

async function call(
  handler: unknown,
  key: string,
  init: { method?: string; body?: unknown; params?: Record<string, string>; query?: string } = {},
) {
  const req = new Request(`http://localhost:3000/api/v1/x${init.query ? `?${init.query}` : ""}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: stampFor("198.51.100.9") },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const response = await (handler as Handler)(req, { params: Promise.resolve(init.params ?? {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: Object.fromEntries(response.headers), text };
}

const contract = contractChecker(openApiDocument());

/** The audit log as a key reads it; every answer, errors too, must be what the OpenAPI document describes. */
async function log(key: string, query = "") {
  const answer = await call(auditLogRoute.GET, key, { query });
  const path = `/api/v1/audit-log${query ? `?${query}` : ""}`;
  expect(contract({ method: "GET", path, status: answer.status, headers: answer.headers, body: answer.text })).toEqual({
    operation: `GET /api/v1/audit-log ${answer.status}`,
  });
  return answer;
}

/** A team of an owner, an admin and a member, each with a key of their own, and a document. */
async function team(label: string) {
  const [owner, admin, member] = await Promise.all([newUser(`${label}-owner`), newUser(`${label}-admin`), newUser(`${label}-member`)]);
  const teamId = owner.personalTeamId;
  await db.teamMember.createMany({
    data: [
      { teamId, userId: admin.id, role: "admin" },
      { teamId, userId: member.id, role: "member" },
    ],
  });
  const keyOf = async (user: User) => (await createApiKey({ teamId, userId: user.id }, `${user.email} key`)).key;
  const keys = { owner: await keyOf(owner), admin: await keyOf(admin), member: await keyOf(member) };
  const doc = await createSampleDocument(owner, `${label} deck`, 4, { email_gate: true, gate_page: 3 });
  return { teamId, owner, admin, member, keys, doc, code: `s-${doc.code}` };
}

let a: Awaited<ReturnType<typeof team>>;
let b: Awaited<ReturnType<typeof team>>;
beforeAll(async () => {
  [a, b] = await Promise.all([team("a"), team("b")]);
});

describe("GET /api/v1/audit-log", () => {
  it("shows a change made through the API with the member, their key, the address and what changed", async () => {
    const patched = await call(documentRoute.PATCH, a.keys.admin, {
      method: "PATCH",
      params: { short_code: a.code },
      body: { gate_page: 2 },
    });
    expect(patched.status).toBe(200);
    const { status, body } = await log(a.keys.owner, "action=document.updated");
    expect(status).toBe(200);
    const key = await db.apiKey.findFirstOrThrow({ where: { teamId: a.teamId, userId: a.admin.id } });
    expect(body.entries).toEqual([
      {
        id: expect.any(String),
        action: "document.updated",
        actor: { type: "api_key", user_id: a.admin.id, email: a.admin.email, name: null, api_key_id: key.id, api_key_name: key.name },
        address: "198.51.100.9",
        target: { type: "document", id: a.code, label: "a deck" },
        details: { changes: { gate_page: { from: 3, to: 2 } } },
        created_at: expect.any(String),
      },
    ]);
  });

  it("records nothing for a refused or an invalid change", async () => {
    const before = await db.auditEntry.count({ where: { teamId: a.teamId } });
    expect((await call(webhooksRoute.DELETE, a.keys.member, { method: "DELETE" })).status).toBe(403);
    const invalid = await call(documentRoute.PATCH, a.keys.admin, {
      method: "PATCH",
      params: { short_code: a.code },
      body: { gate_page: 99 },
    });
    expect(invalid.status).toBe(422);
    expect((await call(documentRoute.PATCH, a.keys.admin, { method: "PATCH", params: { short_code: a.code }, body: {} })).status).toBe(200);
    expect(await db.auditEntry.count({ where: { teamId: a.teamId } })).toBe(before);
  });

  it("refuses a member's key with 403 and lets admins and the owner read", async () => {
    const refused = await log(a.keys.member);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect((await log(a.keys.admin)).status).toBe(200);
  });

  it("pages newest first with the contract's pagination object", async () => {
    const all = (await log(a.keys.owner, "per_page=100")).body;
    expect(all.pagination.total).toBeGreaterThanOrEqual(5);
    const times = all.entries.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await log(a.keys.owner, "page=2&per_page=2")).body;
    expect(second.pagination).toEqual({
      page: 2,
      per_page: 2,
      total: all.pagination.total,
      total_pages: Math.ceil(all.pagination.total / 2),
    });
    expect(second.entries.map((e: Entry) => e.id)).toEqual(all.entries.slice(2, 4).map((e: Entry) => e.id));
    const past = (await log(a.keys.owner, "page=1000&per_page=100")).body;
    expect(past.entries).toEqual([]);
  });

  it("filters by kind of action, actor, target (bare code too) and period", async () => {
    const keys = (await log(a.keys.owner, "action=api_key")).body.entries as Entry[];
    expect(keys.map((e) => e.action)).toEqual(["api_key.created", "api_key.created", "api_key.created"]);
    const byAdmin = (await log(a.keys.owner, `actor=${a.admin.id}`)).body.entries as Entry[];
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin.every((e) => e.actor.user_id === a.admin.id)).toBe(true);
    const aboutDoc = (await log(a.keys.owner, `target=${a.doc.code}`)).body.entries as Entry[];
    expect(aboutDoc.map((e) => e.action)).toEqual(["document.updated", "document.created"]);
    expect((await log(a.keys.owner, "since=2999-01-01")).body.entries).toEqual([]);
    expect((await log(a.keys.owner, "until=2000-01-01")).body.pagination.total).toBe(0);
  });

  it("answers invalid filters with 400 bad_request", async () => {
    for (const query of [
      "action=document.exploded",
      "actor=not-a-uuid",
      "per_page=101",
      "page=0",
      "since=yesterday",
      "since=2026-02-01&until=2026-01-01",
    ]) {
      const { status, body } = await log(a.keys.owner, query);
      expect(status, query).toBe(400);
      expect(body.error.code, query).toBe("bad_request");
    }
  });

  it("never shows one team's entries to another team", async () => {
    const theirs = (await log(b.keys.owner, "per_page=100")).body.entries as Entry[];
    expect(theirs.length).toBeGreaterThan(0);
    const aIds = new Set([a.owner.id, a.admin.id, a.member.id]);
    expect(theirs.some((e) => aIds.has(e.actor.user_id as string) || e.target.id === a.code)).toBe(false);
    expect((await log(b.keys.owner, `target=${a.code}`)).body.entries).toEqual([]);
  });
});
