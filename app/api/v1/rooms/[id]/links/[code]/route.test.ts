import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { describeEntry } from "@/lib/audit/describe-entry";
import { serializeAuditEntry } from "@/lib/audit/list-audit-log";
import { createApiKey } from "@/lib/auth/api-keys";
import { verifyPassword } from "@/lib/credentials/password-hash";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/users/create-user";

const roomLinksRoute = routeAt("/api/v1/rooms/{id}/links");
const roomsRoute = routeAt("/api/v1/rooms");
const roomLinkRoute = routeAt("/api/v1/rooms/{id}/links/{code}");

let key: string;

/** Calls a handler as the API would, checked against the OpenAPI document. */
const call = (handler: unknown, path: string, params: Record<string, string>, init: { method?: string; body?: unknown } = {}) =>
  callApiRoute(handler, { key, path, params, ...init });

const newRoom = async (name: string, settings?: Json) =>
  (await call(roomsRoute.POST, "/api/v1/rooms", {}, { method: "POST", body: { name, ...(settings && { settings }) } })).body!;
const newLink = async (id: string, body: Json) =>
  (await call(roomLinksRoute.POST, `/api/v1/rooms/${id}/links`, { id }, { method: "POST", body })).body!;
const patch = (id: string, code: string, body: unknown) =>
  call(roomLinkRoute.PATCH, `/api/v1/rooms/${id}/links/${encodeURIComponent(code)}`, { id, code }, { method: "PATCH", body });
const remove = (id: string, code: string) =>
  call(roomLinkRoute.DELETE, `/api/v1/rooms/${id}/links/${encodeURIComponent(code)}`, { id, code }, { method: "DELETE" });
const links = async (id: string) => (await call(roomLinksRoute.GET, `/api/v1/rooms/${id}/links`, { id })).body!.links as Json[];

beforeAll(async () => {
  const owner = await createUser({ email: `room-links-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  key = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "room links")).key;
});

describe("PATCH /api/v1/rooms/{id}/links/{code}", () => {
  it("renames, disables and enables a link, merges its overrides and lets settings follow the room again", async () => {
    const room = await newRoom("Series B", { watermark: "{email}" });
    const link = await newLink(room.id, { name: "Jane", settings: { allow_download: false } });

    const renamed = await patch(room.id, link.code, { name: "Jane at Sequoia", is_active: false });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ code: link.code, name: "Jane at Sequoia", is_active: false, overrides: ["allow_download"] });
    expect((await patch(room.id, link.code, { is_active: true })).body!.is_active).toBe(true);

    const merged = await patch(room.id, link.code, {
      settings: { gate_type: "none", block: ["rival.com"], watermark: null, password: "long enough" },
    });
    expect(merged.body!.overrides).toEqual(["gate_type", "allow_download", "password", "block", "watermark"]);
    expect(merged.body!.settings).toMatchObject({
      gate_type: "none",
      allow_download: false,
      password: true,
      block: ["rival.com"],
      watermark: null,
    });
    const row = await db.roomLink.findUniqueOrThrow({ where: { code: link.code } });
    expect(await verifyPassword("long enough", row.passwordHash!)).toBe(true);

    const inherited = await patch(room.id, link.code, { inherit: ["allow_download", "password", "watermark"] });
    expect(inherited.body!.overrides).toEqual(["gate_type", "block"]);
    expect(inherited.body!.settings).toMatchObject({ allow_download: true, password: false, watermark: "{email}" });
    expect((await db.roomLink.findUniqueOrThrow({ where: { code: link.code } })).passwordHash).toBeNull();

    // null: no password on this link, whatever the room asks.
    const none = await patch(room.id, link.code, { settings: { password: null } });
    expect([none.body!.overrides, none.body!.settings.password]).toEqual([["gate_type", "password", "block"], false]);

    const entries = await db.auditEntry.findMany({
      where: { targetId: room.id, action: "room.link_updated" },
      orderBy: { createdAt: "asc" },
    });
    expect(entries).toHaveLength(5);
    expect(describeEntry(serializeAuditEntry(entries[0]!)).replace(/^\S+ /, "")).toBe(
      "changed the link 'Jane at Sequoia' of the room 'Series B': name Jane → Jane at Sequoia, is active on → off",
    );
    expect(JSON.stringify(entries.map((e) => e.details))).not.toContain("long enough");
  });

  it("refuses bad input with 422 and changes nothing", async () => {
    const room = await newRoom("Strict");
    const link = await newLink(room.id, { name: "Ann" });
    for (const body of [
      { settings: { gate_type: "preview" } },
      { settings: { watermark: "x" }, inherit: ["watermark"] },
      { inherit: ["gate_page"] },
      { name: "" },
      { code: "abc" },
      { is_active: "no" },
    ]) {
      expect((await patch(room.id, link.code, body)).status).toBe(422);
    }
    expect(await links(room.id)).toEqual([expect.objectContaining({ name: "Ann", overrides: [], is_active: true })]);
  });

  it("answers 404 for another room's link, an unknown code and a deleted link", async () => {
    const [room, other] = [await newRoom("One"), await newRoom("Two")];
    const link = await newLink(other.id, { name: "Bo" });
    expect((await patch(room.id, link.code, { name: "Mine" })).status).toBe(404);
    expect((await patch(room.id, "zzzzzzzzzz", { name: "Mine" })).status).toBe(404);
    expect((await remove(room.id, link.code)).status).toBe(404);
    expect((await remove(other.id, link.code)).status).toBe(204);
    expect((await patch(other.id, link.code, { name: "Back" })).status).toBe(404);
  });

  it("answers 404 in the envelope, never 500, for a code that cannot be one: a NUL, overlong, escaped or non-ASCII", async () => {
    const room = await newRoom("Odd codes");
    const link = await newLink(room.id, { name: "Kept" });
    for (const code of ["\u0000", "a\u0000b", `${link.code}\u0000`, "%00", "x".repeat(10_000), "é".repeat(10), "s-\u0000"]) {
      for (const answer of [await patch(room.id, code, { name: "Changed" }), await remove(room.id, code)]) {
        expect(answer.status, JSON.stringify(code)).toBe(404);
        expect(answer.body!.error.code).toBe("not_found");
      }
    }
    expect((await db.roomLink.findUniqueOrThrow({ where: { code: link.code } })).name).toBe("Kept");
  });
});

describe("DELETE /api/v1/rooms/{id}/links/{code}", () => {
  it("deletes the link softly: it leaves the list, a second DELETE is 404, the audit log says so", async () => {
    const room = await newRoom("Series C");
    const [keep, gone] = [await newLink(room.id, { name: "Keep" }), await newLink(room.id, { name: "Gone" })];
    expect((await remove(room.id, gone.code)).status).toBe(204);
    expect((await remove(room.id, gone.code)).status).toBe(404);
    expect((await links(room.id)).map((l) => l.code)).toEqual([keep.code]);
    expect((await db.roomLink.findUniqueOrThrow({ where: { code: gone.code } })).deletedAt).not.toBeNull();
    const entry = await db.auditEntry.findFirstOrThrow({ where: { targetId: room.id, action: "room.link_deleted" } });
    expect(describeEntry(serializeAuditEntry(entry)).replace(/^\S+ /, "")).toBe("deleted the link 'Gone' of the room 'Series C'");
  });
});
