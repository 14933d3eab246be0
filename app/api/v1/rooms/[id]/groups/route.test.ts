import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { describeEntry } from "@/lib/audit/describe-entry";
import { serializeAuditEntry } from "@/lib/audit/list-audit-log";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import type { Document } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";

const roomDocumentsRoute = routeAt("/api/v1/rooms/{id}/documents");
const roomFoldersRoute = routeAt("/api/v1/rooms/{id}/folders");
const roomLinkRoute = routeAt("/api/v1/rooms/{id}/links/{code}");
const roomLinksRoute = routeAt("/api/v1/rooms/{id}/links");
const roomRoute = routeAt("/api/v1/rooms/{id}");
const roomsRoute = routeAt("/api/v1/rooms");
const groupRoute = routeAt("/api/v1/rooms/{id}/groups/{group_id}");
const groupsRoute = routeAt("/api/v1/rooms/{id}/groups");

let key: string;
let deck: Document;
let memo: Document;

/** Calls a handler as the API would, checked against the OpenAPI document. */
const call = (handler: unknown, path: string, params: Record<string, string>, init: { method?: string; body?: unknown } = {}) =>
  callApiRoute(handler, { key, path, params, ...init });
const post = async (handler: unknown, path: string, params: Record<string, string>, body: unknown) => {
  const answer = await call(handler, path, params, { method: "POST", body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body!;
};

/** A room with a folder Financials holding Q1 (with the memo), and the deck at the top level. */
async function dealRoom() {
  const room = await post(roomsRoute.POST, "/api/v1/rooms", {}, { name: `Deal ${randomBytes(2).toString("hex")}` });
  const id = room.id as string;
  const financials = await post(roomFoldersRoute.POST, `/api/v1/rooms/${id}/folders`, { id }, { name: "Financials" });
  const q1 = await post(roomFoldersRoute.POST, `/api/v1/rooms/${id}/folders`, { id }, { name: "Q1", parent_id: financials.id });
  await post(roomDocumentsRoute.POST, `/api/v1/rooms/${id}/documents`, { id }, { short_code: `s-${deck.code}` });
  await post(roomDocumentsRoute.POST, `/api/v1/rooms/${id}/documents`, { id }, { short_code: `s-${memo.code}`, folder_id: q1.id });
  return { id, financials: financials.id as string, q1: q1.id as string };
}

const groupPath = (id: string, groupId: string) => [`/api/v1/rooms/${id}/groups/${groupId}`, { id, group_id: groupId }] as const;

beforeAll(async () => {
  const owner = await createUser({ email: `room-groups-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  key = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "groups")).key;
  deck = await createSampleDocument(owner, "Deck", 1, { email_gate: false });
  memo = await createSampleDocument(owner, "Memo", 1, { email_gate: false });
});

describe("/api/v1/rooms/{id}/groups", () => {
  it("creates, lists, reads, changes and deletes a group, each change on the audit log", async () => {
    const room = await dealRoom();
    const created = await post(groupsRoute.POST, `/api/v1/rooms/${room.id}/groups`, room, {
      name: "Bidder A",
      access: [
        { folder_id: room.financials, level: "download" },
        { short_code: `s-${memo.code}`, level: "view" },
      ],
    });
    expect(created).toMatchObject({
      name: "Bidder A",
      default_access: "none",
      links_count: 0,
      access: [
        { folder_id: room.financials, short_code: null, level: "download" },
        { folder_id: null, short_code: `s-${memo.code}`, level: "view" },
      ],
    });
    const listed = await call(groupsRoute.GET, `/api/v1/rooms/${room.id}/groups`, room);
    expect(listed.body!.groups.map((group: Json) => group.id)).toEqual([created.id]);

    const [path, params] = groupPath(room.id, created.id);
    expect((await call(groupRoute.GET, path, params)).body).toEqual(created);
    const changed = await call(groupRoute.PATCH, path, params, {
      method: "PATCH",
      body: { name: "Bidder A (final)", default_access: "view", access: [{ short_code: `s-${memo.code}`, level: null }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: "Bidder A (final)",
      default_access: "view",
      access: [{ folder_id: room.financials, short_code: null, level: "download" }],
    });
    expect((await call(groupRoute.DELETE, path, params, { method: "DELETE" })).status).toBe(204);
    expect((await call(groupRoute.GET, path, params)).status).toBe(404);

    const entries = await db.auditEntry.findMany({
      where: { targetId: room.id, action: { startsWith: "room.group" } },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((entry) => describeEntry(serializeAuditEntry(entry)).replace(/^\S+ /, "").split(":")[0])).toEqual([
      `added the group 'Bidder A' to the room '${(await db.room.findUniqueOrThrow({ where: { id: room.id } })).name}'`,
      expect.stringMatching(/^changed what the group 'Bidder A \(final\)'/),
      expect.stringMatching(/^deleted the group 'Bidder A \(final\)'/),
    ]);
  });

  it("shows each folder's and document's level per group in the room, and what it inherits", async () => {
    const room = await dealRoom();
    const group = await post(groupsRoute.POST, `/api/v1/rooms/${room.id}/groups`, room, {
      name: "Advisers",
      default_access: "download",
      access: [
        { folder_id: room.q1, level: "view" },
        { short_code: `s-${memo.code}`, level: "download" },
      ],
    });
    const detail = (await call(roomRoute.GET, `/api/v1/rooms/${room.id}`, room)).body!;
    expect(detail.groups).toEqual([{ id: group.id, name: "Advisers", default_access: "download" }]);
    const cell = (entry: Json) => entry.access[0];
    expect(detail.folders.map(cell)).toEqual([
      { group_id: group.id, level: "download", set: null, inherited: "download" },
      { group_id: group.id, level: "view", set: "view", inherited: "download" },
    ]);
    // Set higher than its folder, the memo stays at the folder's level.
    expect(detail.documents.map((entry: Json) => [entry.short_code, cell(entry)])).toEqual([
      [`s-${deck.code}`, { group_id: group.id, level: "download", set: null, inherited: "download" }],
      [`s-${memo.code}`, { group_id: group.id, level: "view", set: "download", inherited: "view" }],
    ]);
  });

  it("refuses bad input with 422 and changes nothing", async () => {
    const room = await dealRoom();
    const other = await dealRoom();
    const bodies = [
      { name: "" },
      { name: "X", default_access: "edit" },
      { name: "X", access: [{ folder_id: other.financials, level: "view" }] },
      { name: "X", access: [{ short_code: "s-nonsense", level: "view" }] },
      { name: "X", access: [{ folder_id: room.q1, short_code: `s-${deck.code}`, level: "view" }] },
      { name: "X", access: [{ level: "view" }] },
      {
        name: "X",
        access: [
          { folder_id: room.q1, level: "view" },
          { folder_id: room.q1, level: "none" },
        ],
      },
      { name: "X", color: "red" },
    ];
    for (const body of bodies) {
      const answer = await call(groupsRoute.POST, `/api/v1/rooms/${room.id}/groups`, room, { method: "POST", body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body!.error.code).toBe("validation_error");
    }
    expect(await db.roomGroup.count({ where: { roomId: room.id } })).toBe(0);
  });

  it("gives a link to a group, refuses another room's group, and deletes the group's links with it", async () => {
    const room = await dealRoom();
    const other = await dealRoom();
    const group = await post(groupsRoute.POST, `/api/v1/rooms/${room.id}/groups`, room, { name: "Bidder B" });
    const theirs = await post(groupsRoute.POST, `/api/v1/rooms/${other.id}/groups`, other, { name: "Theirs" });
    const links = `/api/v1/rooms/${room.id}/links`;
    const link = await post(roomLinksRoute.POST, links, room, { name: "Jane", group_id: group.id });
    expect(link.group_id).toBe(group.id);
    const refused = await call(roomLinksRoute.POST, links, room, { method: "POST", body: { name: "Ann", group_id: theirs.id } });
    expect([refused.status, refused.body!.error.fields]).toEqual([422, { group_id: expect.any(String) }]);

    const whole = await post(roomLinksRoute.POST, links, room, { name: "Ann" });
    expect(whole.group_id).toBeNull();
    const linkPath = `${links}/${whole.code}`;
    const moved = await call(
      roomLinkRoute.PATCH,
      linkPath,
      { ...room, code: whole.code },
      { method: "PATCH", body: { group_id: group.id } },
    );
    expect(moved.body!.group_id).toBe(group.id);
    const stolen = { method: "PATCH", body: { group_id: theirs.id } };
    expect((await call(roomLinkRoute.PATCH, linkPath, { ...room, code: whole.code }, stolen)).status).toBe(422);
    const [path, params] = groupPath(room.id, group.id);
    expect((await call(groupRoute.GET, path, params)).body!.links_count).toBe(2);

    expect((await call(groupRoute.DELETE, path, params, { method: "DELETE" })).status).toBe(204);
    // Never the whole room instead: the group's links go with it.
    expect((await call(roomLinksRoute.GET, links, room)).body!.links).toEqual([]);
    expect(await db.roomLink.count({ where: { roomId: room.id, deletedAt: null } })).toBe(0);
  });

  it("answers 404 for another room's group, an unknown or malformed id", async () => {
    const room = await dealRoom();
    const other = await dealRoom();
    const theirs = await post(groupsRoute.POST, `/api/v1/rooms/${other.id}/groups`, other, { name: "Theirs" });
    for (const groupId of [theirs.id, "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b", "nonsense"]) {
      const [path, params] = groupPath(room.id, groupId);
      expect((await call(groupRoute.GET, path, params)).status).toBe(404);
      expect((await call(groupRoute.PATCH, path, params, { method: "PATCH", body: { name: "Mine" } })).status).toBe(404);
      expect((await call(groupRoute.DELETE, path, params, { method: "DELETE" })).status).toBe(404);
    }
    expect((await db.roomGroup.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Theirs");
  });
});
