import { ownerAccess } from "../../../../../../test/support/fixtures";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { createApiKey } from "@/lib/auth/api-keys";
import { verifyPassword } from "@/lib/credentials/password-hash";
import { db } from "@/lib/db/client";
import type { Document } from "@/lib/generated/prisma/client";
import { storage } from "@/lib/storage";
import { createUser } from "@/lib/users/create-user";
import { routeAt } from "@/test/support/api-route";

const linkRoute = routeAt("/api/v1/links/{code}");
const linksRoute = routeAt("/api/v1/documents/{short_code}/links");

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Owner = { key: string; doc: Document };

async function newOwner(fields: Parameters<typeof createSampleDocument>[3] = {}): Promise<Owner> {
  const user = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const { key } = await createApiKey(ownerAccess(user));
  return { key, doc: await createSampleDocument(user, "Links deck", 5, fields) };
}

async function call(
  handler: Handler,
  owner: Owner,
  path: string,
  params: Record<string, string>,
  init: { method?: string; body?: unknown } = {},
) {
  const req = new Request(`http://localhost:3000${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${owner.key}`, "Content-Type": "application/json" },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  const response = await handler(req, { params: Promise.resolve(params) });
  return { status: response.status, headers: response.headers, body: response.status === 204 ? null : await response.json() };
}

const create = (owner: Owner, body: unknown, doc = owner.doc) =>
  call(
    linksRoute.POST as Handler,
    owner,
    `/api/v1/documents/s-${doc.code}/links`,
    { short_code: `s-${doc.code}` },
    { method: "POST", body },
  );
const list = (owner: Owner, query = "", doc = owner.doc) =>
  call(linksRoute.GET as Handler, owner, `/api/v1/documents/s-${doc.code}/links${query}`, { short_code: `s-${doc.code}` });
const get = (owner: Owner, code: string) => call(linkRoute.GET as Handler, owner, `/api/v1/links/${code}`, { code });
const patch = (owner: Owner, code: string, body: unknown) =>
  call(linkRoute.PATCH as Handler, owner, `/api/v1/links/${code}`, { code }, { method: "PATCH", body });
const remove = (owner: Owner, code: string) =>
  call(linkRoute.DELETE as Handler, owner, `/api/v1/links/${code}`, { code }, { method: "DELETE" });

let alice: Owner;
let bob: Owner;
beforeAll(async () => {
  [alice, bob] = await Promise.all([newOwner({ email_gate: true, gate_type: "preview", gate_page: 3 }), newOwner()]);
});

describe("POST /api/v1/documents/{short_code}/links", () => {
  it("creates a link with its own code whose settings follow the document, in the API's shape", async () => {
    const { status, headers, body } = await create(alice, { name: "Sequoia — Jane" });
    expect(status).toBe(201);
    expect(headers.get("location")).toBe(`/api/v1/links/${body.code}`);
    expect(body).toEqual({
      code: expect.stringMatching(/^[a-z0-9]{10}$/),
      url: `http://localhost:3000/s/${body.code}`,
      name: "Sequoia — Jane",
      is_active: true,
      document: { short_code: `s-${alice.doc.code}`, title: "Links deck" },
      settings: {
        email_gate: true,
        gate_type: "preview",
        gate_page: 3,
        allow_download: true,
        block_free_emails: false,
        password: false,
        expires_at: null,
        verify_email: false,
        allow: [],
        block: [],
        watermark: null,
        agreement: null,
      },
      overrides: [],
      stats: { views: 0, unique_viewers: 0, leads: 0, downloads: 0, last_viewed_at: null },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(body.code).not.toBe(alice.doc.code);
    expect(await db.link.count({ where: { code: body.code, documentId: alice.doc.id } })).toBe(1);
  });

  it("stores the overrides it is given, hashes a password and never shows the hash", async () => {
    const { status, body } = await create(alice, {
      name: "Acme",
      settings: {
        allow_download: false,
        expires_at: "2030-01-01T00:00:00Z",
        password: "open sesame",
        allow: ["Acme.com"],
        watermark: "{email}",
      },
    });
    expect(status).toBe(201);
    expect(body.overrides).toEqual(["allow_download", "password", "expires_at", "allow", "watermark"]);
    expect(body.settings).toMatchObject({
      allow_download: false,
      password: true,
      expires_at: "2030-01-01T00:00:00.000Z",
      allow: ["acme.com"],
      watermark: "{email}",
      // An allow list needs an email to check: the gate stands (it already did, as a preview gate).
      email_gate: true,
    });
    expect(JSON.stringify(body)).not.toContain("argon2");
    const row = await db.link.findUniqueOrThrow({ where: { code: body.code } });
    expect(await verifyPassword("open sesame", row.passwordHash)).toBe(true);
  });

  it("builds the link's own preview file when it changes the number of free pages", async () => {
    const { body } = await create(alice, { name: "One free page", settings: { gate_page: 2 } });
    const row = await db.link.findUniqueOrThrow({ where: { code: body.code } });
    expect(row.previewPageCount).toBe(1);
    expect(row.previewStorageKey).not.toBe(alice.doc.previewStorageKey);
    expect(await storage().get(row.previewStorageKey!)).not.toBeNull();
  });

  it("refuses invalid fields with 422 naming each one, and unknown fields", async () => {
    const { status, body } = await create(alice, {
      name: "",
      settings: { gate_type: "sometimes", expires_at: "tomorrow", allow: ["not an email"], watermark: "{name}", colour: "red" },
    });
    expect(status).toBe(422);
    expect(body.error.code).toBe("validation_error");
    expect(Object.keys(body.error.fields).sort()).toEqual(
      ["name", "settings.colour", "settings.allow", "settings.expires_at", "settings.gate_type", "settings.watermark"].sort(),
    );
    expect((await create(alice, { name: "x", extra: 1 })).body.error.fields).toEqual({ extra: "Unknown field" });
    expect((await create(alice, { name: "x".repeat(101) })).status).toBe(422);
    const tooFar = await create(alice, { name: "x", settings: { gate_page: 6 } });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.error.fields).toEqual({ "settings.gate_page": expect.stringContaining("page count (5)") });
  });

  it("answers 404 for another account's document, creating nothing", async () => {
    const before = await db.link.count();
    const { status, body } = await create(bob, { name: "Intruder" }, alice.doc);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
    expect(await db.link.count()).toBe(before);
  });
});

describe("GET /api/v1/documents/{short_code}/links", () => {
  it("lists the document's links newest first, paginated, without deleted ones", async () => {
    const owner = await newOwner();
    const codes: string[] = [];
    for (const name of ["First", "Second", "Third"]) codes.push((await create(owner, { name })).body.code);
    await remove(owner, codes[1]!);

    const { status, body } = await list(owner, "?per_page=1");
    expect(status).toBe(200);
    expect(body.links.map((l: { name: string }) => l.name)).toEqual(["Third"]);
    expect(body.pagination).toEqual({ page: 1, per_page: 1, total: 2, total_pages: 2 });
    expect((await list(owner, "?page=2&per_page=1")).body.links.map((l: { name: string }) => l.name)).toEqual(["First"]);
    expect((await list(owner, "?per_page=500")).status).toBe(400);
  });

  it("answers 404 for another account's document", async () => {
    expect((await list(bob, "", alice.doc)).status).toBe(404);
  });
});

describe("GET, PATCH and DELETE /api/v1/links/{code}", () => {
  it("gets a link by its code or s-<code>, and 404s for another account, an unknown or malformed code", async () => {
    const { body: link } = await create(alice, { name: "Get me" });
    expect((await get(alice, link.code)).body).toEqual(link);
    expect((await get(alice, `s-${link.code}`)).body.name).toBe("Get me");
    for (const [owner, code] of [
      [bob, link.code],
      [alice, "zzzzzzzzzz"],
      [alice, "nope"],
      [alice, alice.doc.code],
    ] as const) {
      const { status, body } = await get(owner, code);
      expect(status, code).toBe(404);
      expect(body.error).toEqual({ code: "not_found", message: "Link not found" });
    }
  });

  it("merges settings: a value overrides, null means none on this link, inherit follows the document again", async () => {
    const { body: link } = await create(alice, { name: "Merge", settings: { allow_download: false, watermark: "{email}" } });
    await db.document.update({ where: { id: alice.doc.id }, data: { watermark: "Document mark" } });

    const cleared = await patch(alice, link.code, { name: "Merged", settings: { watermark: null, block: ["rival.com"] } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.name).toBe("Merged");
    expect(cleared.body.overrides).toEqual(["allow_download", "block", "watermark"]);
    expect(cleared.body.settings).toMatchObject({ allow_download: false, watermark: null, block: ["rival.com"] });

    const inherited = await patch(alice, link.code, { inherit: ["watermark", "allow_download"] });
    expect(inherited.body.overrides).toEqual(["block"]);
    expect(inherited.body.settings).toMatchObject({ allow_download: true, watermark: "Document mark" });
    await db.document.update({ where: { id: alice.doc.id }, data: { watermark: null } });
  });

  it("sets, removes and inherits the link's own password", async () => {
    const { body: link } = await create(alice, { name: "Password" });
    await db.document.update({ where: { id: alice.doc.id }, data: { passwordHash: "document-hash" } });
    expect((await get(alice, link.code)).body.settings.password).toBe(true);

    const none = await patch(alice, link.code, { settings: { password: null } });
    expect(none.body.settings.password).toBe(false);
    expect(none.body.overrides).toEqual(["password"]);

    const own = await patch(alice, link.code, { settings: { password: "link secret" } });
    expect(own.body.settings.password).toBe(true);
    const row = await db.link.findUniqueOrThrow({ where: { code: link.code } });
    expect(await verifyPassword("link secret", row.passwordHash)).toBe(true);

    const back = await patch(alice, link.code, { inherit: ["password"] });
    expect(back.body.overrides).toEqual([]);
    expect((await db.link.findUniqueOrThrow({ where: { code: link.code } })).passwordHash).toBeNull();
    await db.document.update({ where: { id: alice.doc.id }, data: { passwordHash: null } });
  });

  it("replaces the link's preview file when its gate changes and removes it when the gate follows the document again", async () => {
    const { body: link } = await create(alice, { name: "Preview", settings: { gate_page: 2 } });
    const first = (await db.link.findUniqueOrThrow({ where: { code: link.code } })).previewStorageKey!;

    await patch(alice, link.code, { settings: { gate_page: 5 } });
    const second = await db.link.findUniqueOrThrow({ where: { code: link.code } });
    expect(second.previewPageCount).toBe(4);
    expect(second.previewStorageKey).not.toBe(first);
    expect(await storage().get(first)).toBeNull();

    await patch(alice, link.code, { settings: { gate_type: "full" } });
    const full = await db.link.findUniqueOrThrow({ where: { code: link.code } });
    expect([full.previewStorageKey, full.previewPageCount]).toEqual([null, 0]);
    expect(await storage().get(second.previewStorageKey!)).toBeNull();

    expect((await patch(alice, link.code, { inherit: ["gate_type", "gate_page"] })).status).toBe(200);
    expect((await db.link.findUniqueOrThrow({ where: { code: link.code } })).previewStorageKey).toBeNull();
    expect((await get(alice, link.code)).body.settings).toMatchObject({ gate_type: "preview", gate_page: 3 });
  });

  it("disables and enables a link", async () => {
    const { body: link } = await create(alice, { name: "Toggle" });
    expect((await patch(alice, link.code, { is_active: false })).body.is_active).toBe(false);
    expect((await db.link.findUniqueOrThrow({ where: { code: link.code } })).disabledAt).not.toBeNull();
    expect((await patch(alice, link.code, { is_active: true })).body.is_active).toBe(true);
  });

  it("refuses invalid updates with 422 and changes nothing", async () => {
    const { body: link } = await create(alice, { name: "Strict" });
    const both = await patch(alice, link.code, { settings: { watermark: "x" }, inherit: ["watermark"] });
    expect(both.status).toBe(422);
    expect(both.body.error.fields).toEqual({ inherit: "watermark is both set in settings and listed in inherit" });
    expect((await patch(alice, link.code, { inherit: ["colour"] })).status).toBe(422);
    expect((await patch(alice, link.code, { is_active: "no" })).body.error.fields).toEqual({ is_active: "is_active must be a boolean" });
    expect((await patch(alice, link.code, { settings: { email_gate: null } })).status).toBe(422);
    expect((await get(alice, link.code)).body).toEqual(link);
  });

  it("deletes a link softly: 204, then 404 to its owner, while the row keeps its code", async () => {
    const { body: link } = await create(alice, { name: "Delete me" });
    expect((await remove(bob, link.code)).status).toBe(404);
    const { status, body } = await remove(alice, link.code);
    expect([status, body]).toEqual([204, null]);
    expect((await get(alice, link.code)).status).toBe(404);
    expect((await patch(alice, link.code, { name: "Back" })).status).toBe(404);
    expect((await remove(alice, link.code)).status).toBe(404);
    expect((await db.link.findUniqueOrThrow({ where: { code: link.code } })).deletedAt).not.toBeNull();
  });

  it("answers 404 for another account's link on PATCH before reading the body", async () => {
    const { body: link } = await create(alice, { name: "Mine" });
    expect((await patch(bob, link.code, { name: "Theirs" })).status).toBe(404);
    expect((await patch(bob, link.code, "not an object")).status).toBe(404);
    expect((await get(alice, link.code)).body.name).toBe("Mine");
  });
});
