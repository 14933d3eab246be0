import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { describeEntry } from "@/lib/audit/describe-entry";
import { serializeAuditEntry } from "@/lib/audit/list-audit-log";
import { createApiKey } from "@/lib/auth/api-keys";
import { verifyPassword } from "@/lib/credentials/password-hash";
import { db } from "@/lib/db/client";
import type { Document } from "@/lib/generated/prisma/client";
import { roomReaderContents } from "@/lib/rooms/room-reader-contents";
import { createUser } from "@/lib/users/create-user";
import { roomZipContents } from "@/lib/viewer/rooms/room-zip";

const roomDocumentRoute = routeAt("/api/v1/rooms/{id}/documents/{short_code}");
const roomDocumentsRoute = routeAt("/api/v1/rooms/{id}/documents");
const folderRoute = routeAt("/api/v1/rooms/{id}/folders/{folder_id}");
const foldersRoute = routeAt("/api/v1/rooms/{id}/folders");
const roomLinksRoute = routeAt("/api/v1/rooms/{id}/links");
const roomRoute = routeAt("/api/v1/rooms/{id}");
const roomsRoute = routeAt("/api/v1/rooms");

type Team = { teamId: string; key: string; userId: string };

/** Calls a handler as the API would, as `team`'s key, checked against the OpenAPI document. */
const call = (
  handler: unknown,
  team: Team,
  path: string,
  params: Record<string, string>,
  init: { method?: string; body?: unknown; raw?: string } = {},
) => callApiRoute(handler, { key: team.key, path, params, ...init });

const api = {
  create: (team: Team, body: unknown) => call(roomsRoute.POST, team, "/api/v1/rooms", {}, { method: "POST", body }),
  list: (team: Team, query = "") => call(roomsRoute.GET, team, `/api/v1/rooms${query}`, {}),
  get: (team: Team, id: string) => call(roomRoute.GET, team, `/api/v1/rooms/${id}`, { id }),
  patch: (team: Team, id: string, body: unknown) => call(roomRoute.PATCH, team, `/api/v1/rooms/${id}`, { id }, { method: "PATCH", body }),
  remove: (team: Team, id: string) => call(roomRoute.DELETE, team, `/api/v1/rooms/${id}`, { id }, { method: "DELETE" }),
  addDocument: (team: Team, id: string, body: unknown) =>
    call(roomDocumentsRoute.POST, team, `/api/v1/rooms/${id}/documents`, { id }, { method: "POST", body }),
  moveDocument: (team: Team, id: string, shortCode: string, body: unknown) =>
    call(
      roomDocumentRoute.PATCH,
      team,
      `/api/v1/rooms/${id}/documents/${shortCode}`,
      { id, short_code: shortCode },
      { method: "PATCH", body },
    ),
  removeDocument: (team: Team, id: string, shortCode: string) =>
    call(roomDocumentRoute.DELETE, team, `/api/v1/rooms/${id}/documents/${shortCode}`, { id, short_code: shortCode }, { method: "DELETE" }),
  createFolder: (team: Team, id: string, body: unknown) =>
    call(foldersRoute.POST, team, `/api/v1/rooms/${id}/folders`, { id }, { method: "POST", body }),
  changeFolder: (team: Team, id: string, folderId: string, body: unknown) =>
    call(folderRoute.PATCH, team, `/api/v1/rooms/${id}/folders/${folderId}`, { id, folder_id: folderId }, { method: "PATCH", body }),
  deleteFolder: (team: Team, id: string, folderId: string) =>
    call(folderRoute.DELETE, team, `/api/v1/rooms/${id}/folders/${folderId}`, { id, folder_id: folderId }, { method: "DELETE" }),
  createLink: (team: Team, id: string, body: unknown) =>
    call(roomLinksRoute.POST, team, `/api/v1/rooms/${id}/links`, { id }, { method: "POST", body }),
  listLinks: (team: Team, id: string, query = "") => call(roomLinksRoute.GET, team, `/api/v1/rooms/${id}/links${query}`, { id }),
};

async function newTeam(): Promise<Team & { owner: Awaited<ReturnType<typeof createUser>> }> {
  const owner = await createUser({ email: `rooms-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const { key } = await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "rooms");
  return { owner, teamId: owner.personalTeamId, userId: owner.id, key };
}

/** The team with a key of its own (every request counts towards its key's limit of 100 a minute). */
async function withNewKey<T extends Team>(team: T): Promise<T> {
  return { ...team, key: (await createApiKey({ teamId: team.teamId, userId: team.userId }, "rooms")).key };
}

/** A room of `team`, by the API; its id. */
async function newRoom(team: Team, name = "Series A", settings?: Json): Promise<string> {
  const made = await api.create(team, { name, ...(settings && { settings }) });
  expect(made.status).toBe(201);
  return made.body!.id as string;
}

const auditActions = async (roomId: string) =>
  (await db.auditEntry.findMany({ where: { targetId: roomId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((e) => e.action);

const DEFAULT_SETTINGS = {
  email_gate: true,
  gate_type: "full",
  allow_download: true,
  allow_questions: true,
  password: false,
  expires_at: null,
  verify_email: false,
  allow: [],
  block: [],
  watermark: null,
  agreement: null,
};

let aliceTeam: Awaited<ReturnType<typeof newTeam>>;
let bob: Awaited<ReturnType<typeof newTeam>>;
/** Alice's documents: twenty, so a room can be filled; Bob's one. */
let decks: Document[];
let bobsDeck: Document;
const short = (doc: Document) => `s-${doc.code}`;

beforeAll(async () => {
  [aliceTeam, bob] = await Promise.all([newTeam(), newTeam()]);
  decks = [];
  for (let i = 0; i < 20; i++) decks.push(await createSampleDocument(aliceTeam.owner, `Deck ${i}`, 1, { email_gate: false }));
  bobsDeck = await createSampleDocument(bob.owner, "Bob's deck", 1);
});

describe("rooms", () => {
  it("creates a room with its own code and the default settings, lists, reads, changes and deletes it", async () => {
    const alice = await newTeam();
    const made = await api.create(alice, { name: "  Series A  ", description: "Everything for the diligence." });
    expect(made.status).toBe(201);
    const id = made.body!.id as string;
    expect(made.headers.get("location")).toBe(`/api/v1/rooms/${id}`);
    expect(made.body).toEqual({
      id,
      name: "Series A",
      description: "Everything for the diligence.",
      code: expect.stringMatching(/^[a-z0-9]{10}$/),
      url: `http://localhost:3000/s/${made.body!.code}`,
      settings: DEFAULT_SETTINGS,
      documents_count: 0,
      created_at: expect.any(String),
    });
    const newer = await newRoom(alice, "Seed round");

    const listed = await api.list(alice, "?per_page=1");
    expect(listed.body!.rooms.map((r: Json) => r.id)).toEqual([newer]);
    expect(listed.body!.pagination).toEqual({ page: 1, per_page: 1, total: 2, total_pages: 2 });
    expect((await api.list(alice, "?page=2&per_page=1")).body!.rooms.map((r: Json) => r.id)).toEqual([id]);

    expect((await api.get(alice, id)).body).toEqual({ ...made.body, groups: [], folders: [], documents: [] });

    const changed = await api.patch(alice, id, {
      name: "Series A (final)",
      settings: { password: "long enough", gate_type: "none", allow: ["Jane@Acme.com", "acme.com"], watermark: "{email} · {date}" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: "Series A (final)",
      description: "Everything for the diligence.",
      settings: {
        ...DEFAULT_SETTINGS,
        gate_type: "none",
        password: true,
        allow: ["jane@acme.com", "acme.com"],
        watermark: "{email} · {date}",
      },
    });
    const row = await db.room.findUniqueOrThrow({ where: { id } });
    expect(await verifyPassword("long enough", row.passwordHash!)).toBe(true);
    expect(JSON.stringify(row.settings)).not.toContain("long enough");
    // Settings left out stay; null clears the password.
    const cleared = await api.patch(alice, id, { settings: { password: null } });
    expect(cleared.body!.settings).toMatchObject({ password: false, gate_type: "none", watermark: "{email} · {date}" });
    expect((await db.room.findUniqueOrThrow({ where: { id } })).passwordHash).toBeNull();

    expect((await api.remove(alice, id)).status).toBe(204);
    expect((await api.get(alice, id)).status).toBe(404);
    expect((await api.remove(alice, id)).status).toBe(404);
    expect((await api.patch(alice, id, { name: "Back" })).status).toBe(404);
    expect((await api.list(alice)).body!.rooms.map((r: Json) => r.id)).toEqual([newer]);
    expect(await auditActions(id)).toEqual(["room.created", "room.updated", "room.updated", "room.deleted"]);
  });

  it("refuses bad input with 4xx in the error envelope and changes nothing", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice, "Untouched");
    const before = await db.room.findUniqueOrThrow({ where: { id } });
    const rooms = await db.room.count({ where: { teamId: alice.teamId } });
    const refusals: Array<[() => Promise<{ status: number; body: Json | null }>, number, string]> = [
      [() => api.create(alice, { name: "" }), 422, "name must not be empty"],
      [() => api.create(alice, { name: "x".repeat(201) }), 422, "name must be at most 200 characters"],
      [() => api.create(alice, { name: "Room", description: "x".repeat(2001) }), 422, "description must be at most 2000 characters"],
      [() => api.create(alice, { name: "Room", colour: "red" }), 422, "Unknown field(s): colour"],
      [() => api.create(alice, { name: "Room", settings: { gate_type: "preview" } }), 422, "gate_type must be full or none"],
      [() => api.create(alice, { name: "Room", settings: { gate_page: 2 } }), 422, "Unknown field(s): gate_page"],
      [() => api.create(alice, { name: "Room", settings: { password: "short" } }), 422, "password must be 8 to 128 characters"],
      [() => api.create(alice, { name: "Room", settings: { verify_email: true } }), 422, "SMTP_URL"],
      [() => call(roomsRoute.POST, alice, "/api/v1/rooms", {}, { method: "POST", raw: "{not json" }), 400, "not valid JSON"],
      [() => api.list(alice, "?per_page=500"), 400, "per_page must be an integer from 1 to 100"],
      [() => api.patch(alice, id, { name: " " }), 422, "name must not be empty"],
      [() => api.patch(alice, id, { settings: { allow: ["not an email"] } }), 422, "allow entries must be emails"],
      [() => api.patch(alice, id, { settings: { expires_at: "tomorrow" } }), 422, "expires_at must be an ISO 8601 date-time"],
      [() => api.patch(alice, "not-a-uuid", { name: "Renamed" }), 404, "Room not found"],
      [() => api.get(alice, "00000000-0000-4000-8000-000000000000"), 404, "Room not found"],
    ];
    for (const [answer, status, message] of refusals) {
      const { status: got, body } = await answer();
      expect([got, body!.error.message]).toEqual([status, expect.stringContaining(message)]);
    }
    expect(await db.room.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.room.count({ where: { teamId: alice.teamId } })).toBe(rooms);
    expect(await auditActions(id)).toEqual(["room.created"]);
  });
});

describe("a room's folders", () => {
  it("nests folders, moves and reorders them, and refuses a move into the folder itself or its subfolders", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice);
    const folder = async (name: string, parent_id?: string) => {
      const made = await api.createFolder(alice, id, { name, ...(parent_id && { parent_id }) });
      expect(made.status).toBe(201);
      return made.body!;
    };
    const legal = await folder("Legal");
    const contracts = await folder("Contracts", legal.id);
    const signed = await folder("Signed", contracts.id);
    const finance = await folder("Finance");
    expect([legal, contracts, signed, finance].map((f) => [f.name, f.parent_id, f.position])).toEqual([
      ["Legal", null, 0],
      ["Contracts", legal.id, 0],
      ["Signed", contracts.id, 0],
      ["Finance", null, 1],
    ]);
    const tree = async () => (await api.get(alice, id)).body!.folders.map((f: Json) => [f.name, f.parent_id, f.position]);
    expect(await tree()).toEqual([
      ["Legal", null, 0],
      ["Contracts", legal.id, 0],
      ["Signed", contracts.id, 0],
      ["Finance", null, 1],
    ]);

    // Signed moves to the top level, first; Finance is renamed; Contracts moves into Finance, with nothing left behind.
    expect((await api.changeFolder(alice, id, signed.id, { parent_id: null, position: 0 })).body).toEqual({
      id: signed.id,
      name: "Signed",
      parent_id: null,
      position: 0,
      index: "1",
    });
    expect((await api.changeFolder(alice, id, finance.id, { name: "Financials" })).body).toMatchObject({ name: "Financials", position: 2 });
    expect((await api.changeFolder(alice, id, contracts.id, { parent_id: finance.id })).body).toMatchObject({
      parent_id: finance.id,
      position: 0,
    });
    expect((await api.changeFolder(alice, id, legal.id, { position: 99 })).body).toMatchObject({ position: 2 });
    expect(await tree()).toEqual([
      ["Signed", null, 0],
      ["Financials", null, 1],
      ["Contracts", finance.id, 0],
      ["Legal", null, 2],
    ]);

    const before = await tree();
    for (const [target, parent] of [
      [finance.id, contracts.id],
      [finance.id, finance.id],
    ] as const) {
      const refused = await api.changeFolder(alice, id, target, { parent_id: parent });
      expect([refused.status, refused.body!.error.code, refused.body!.error.fields]).toEqual([
        422,
        "validation_error",
        { parent_id: "A folder cannot move into itself or one of its subfolders" },
      ]);
    }
    expect(await tree()).toEqual(before);
    expect(await auditActions(id)).toEqual(["room.created", ...Array<string>(8).fill("room.folders_changed")]);
  });

  it("deleting a folder moves its subfolders into its place and its documents after its parent's", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice);
    const top = (await api.createFolder(alice, id, { name: "Top" })).body!;
    await api.createFolder(alice, id, { name: "First", parent_id: top.id });
    const middle = (await api.createFolder(alice, id, { name: "Middle", parent_id: top.id })).body!;
    await api.createFolder(alice, id, { name: "Last", parent_id: top.id });
    const inner = (await api.createFolder(alice, id, { name: "Inner", parent_id: middle.id })).body!;
    const innerToo = (await api.createFolder(alice, id, { name: "Inner too", parent_id: middle.id })).body!;
    await api.addDocument(alice, id, { short_code: short(decks[0]!), folder_id: top.id });
    await api.addDocument(alice, id, { short_code: short(decks[1]!), folder_id: middle.id });
    await api.addDocument(alice, id, { short_code: short(decks[2]!), folder_id: middle.id });
    await api.addDocument(alice, id, { short_code: short(decks[3]!), folder_id: inner.id });

    expect((await api.deleteFolder(alice, id, middle.id)).status).toBe(204);
    const room = (await api.get(alice, id)).body!;
    expect(room.folders.map((f: Json) => [f.name, f.parent_id, f.position])).toEqual([
      ["Top", null, 0],
      ["First", top.id, 0],
      ["Inner", top.id, 1],
      ["Inner too", top.id, 2],
      ["Last", top.id, 3],
    ]);
    expect(room.documents.map((d: Json) => [d.title, d.folder_id, d.position])).toEqual([
      ["Deck 0", top.id, 0],
      ["Deck 1", top.id, 1],
      ["Deck 2", top.id, 2],
      ["Deck 3", inner.id, 0],
    ]);
    expect(room.documents_count).toBe(4);
    expect((await api.deleteFolder(alice, id, middle.id)).status).toBe(404);
    expect((await api.changeFolder(alice, id, innerToo.id, { parent_id: middle.id })).body!.error.fields).toEqual({
      parent_id: "parent_id must be the id of a folder of this room",
    });
  });

  it("refuses folders nested past eight levels, a folder of another room and unknown folders", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice);
    const chain: string[] = [];
    for (let depth = 1; depth <= 8; depth++) {
      const made = await api.createFolder(alice, id, { name: `Level ${depth}`, ...(chain.length > 0 && { parent_id: chain.at(-1) }) });
      expect(made.status).toBe(201);
      chain.push(made.body!.id);
    }
    const ninth = await api.createFolder(alice, id, { name: "Level 9", parent_id: chain.at(-1) });
    expect([ninth.status, ninth.body!.error.message]).toEqual([422, "Folders nest at most 8 deep; this would make 9 levels"]);
    // Level 2 with the six levels below it cannot go one level deeper.
    const side = (await api.createFolder(alice, id, { name: "Side", parent_id: chain[0] })).body!;
    expect((await api.changeFolder(alice, id, chain[1]!, { parent_id: side.id })).status).toBe(422);
    expect((await api.changeFolder(alice, id, chain[1]!, { parent_id: null })).status).toBe(200);

    const other = await newRoom(alice, "Other");
    const foreign = (await api.createFolder(alice, other, { name: "Elsewhere" })).body!;
    const refused = await api.createFolder(alice, id, { name: "Sub", parent_id: foreign.id });
    expect([refused.status, refused.body!.error.fields]).toEqual([422, { parent_id: "parent_id must be the id of a folder of this room" }]);
    expect((await api.changeFolder(alice, id, foreign.id, { name: "Mine" })).status).toBe(404);
    expect((await api.deleteFolder(alice, id, "not-a-folder")).status).toBe(404);
    expect((await api.createFolder(alice, id, { name: "Bad", parent_id: "not-a-uuid" })).body!.error.fields).toEqual({
      parent_id: "parent_id must be an id (a UUID)",
    });
    expect(await db.roomFolder.count({ where: { roomId: id } })).toBe(9);
  });
});

describe("a room's documents", () => {
  it("places twenty documents across three folders and reads them back in order; moves and reorders them", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice);
    const folderA = (await api.createFolder(alice, id, { name: "A" })).body!;
    const folderB = (await api.createFolder(alice, id, { name: "B" })).body!;
    const folderC = (await api.createFolder(alice, id, { name: "C", parent_id: folderA.id })).body!;
    // Decks 0–4 at the top level, 5–9 in A, 10–14 in B, 15–19 in C (inside A).
    const folderOf = (i: number) => [null, folderA.id, folderB.id, folderC.id][Math.floor(i / 5)] as string | null;
    for (const [i, deck] of decks.entries()) {
      const added = await api.addDocument(alice, id, { short_code: short(deck), folder_id: folderOf(i) });
      expect([added.status, added.body]).toEqual([
        201,
        expect.objectContaining({ short_code: short(deck), title: `Deck ${i}`, page_count: 1, folder_id: folderOf(i), position: i % 5 }),
      ]);
    }
    const order = async () => (await api.get(alice, id)).body!.documents.map((d: Json) => [d.title, d.position]);
    const titles = (...numbers: number[]) => numbers.map((n) => `Deck ${n}`);
    // The top level first, then each folder in the order of `folders` (A, C inside A, then B).
    expect((await order()).map(([title]: [string]) => title)).toEqual(
      titles(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 18, 19, 10, 11, 12, 13, 14),
    );
    expect((await api.get(alice, id)).body!.documents_count).toBe(20);

    expect((await api.moveDocument(alice, id, short(decks[7]!), { position: 0 })).body).toMatchObject({
      folder_id: folderA.id,
      position: 0,
    });
    expect((await api.moveDocument(alice, id, short(decks[0]!), { folder_id: folderC.id })).body).toMatchObject({
      folder_id: folderC.id,
      position: 5,
    });
    expect((await api.moveDocument(alice, id, decks[19]!.code, { folder_id: null, position: 1 })).body).toMatchObject({
      folder_id: null,
      position: 1,
    });
    expect((await order()).map(([title]: [string]) => title)).toEqual(
      titles(1, 19, 2, 3, 4, 7, 5, 6, 8, 9, 15, 16, 17, 18, 0, 10, 11, 12, 13, 14),
    );
    expect((await order()).map(([, position]: [string, number]) => position)).toEqual([
      0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4,
    ]);

    // Adding one already in the room changes nothing and says where it is.
    const again = await api.addDocument(alice, id, { short_code: short(decks[7]!), folder_id: folderB.id });
    expect([again.status, again.body]).toEqual([
      200,
      expect.objectContaining({ short_code: short(decks[7]!), title: "Deck 7", page_count: 1, folder_id: folderA.id, position: 0 }),
    ]);

    expect((await api.removeDocument(alice, id, short(decks[3]!))).status).toBe(204);
    expect((await api.removeDocument(alice, id, short(decks[3]!))).status).toBe(404);
    expect((await api.moveDocument(alice, id, short(decks[3]!), { position: 0 })).status).toBe(404);
    expect(await db.document.findUniqueOrThrow({ where: { id: decks[3]!.id } })).toMatchObject({ deletedAt: null });
    expect((await api.list(alice)).body!.rooms.find((r: Json) => r.id === id).documents_count).toBe(19);

    // A document may sit in several rooms.
    const other = await newRoom(alice, "Other");
    expect((await api.addDocument(alice, other, { short_code: short(decks[7]!) })).status).toBe(201);
    expect((await api.get(alice, id)).body!.documents).toHaveLength(19);

    const actions = await auditActions(id);
    expect(actions.filter((a) => a === "room.document_added")).toHaveLength(20);
    expect(actions.filter((a) => a === "room.document_moved")).toHaveLength(3);
    expect(actions.filter((a) => a === "room.document_removed")).toHaveLength(1);
  });

  it("refuses another team's document, a deleted one and a folder of another room, and adds nothing", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice);
    const other = await newRoom(alice, "Other");
    const foreign = (await api.createFolder(alice, other, { name: "Elsewhere" })).body!;
    const deleted = await createSampleDocument(alice.owner, "Gone", 1);
    await db.document.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    for (const shortCode of [short(bobsDeck), short(deleted), "s-nothing", "x"]) {
      const refused = await api.addDocument(alice, id, { short_code: shortCode });
      expect([refused.status, refused.body!.error.fields]).toEqual([
        422,
        { short_code: "short_code must be the short code of one of this team's documents" },
      ]);
    }
    const wrongFolder = await api.addDocument(alice, id, { short_code: short(decks[0]!), folder_id: foreign.id });
    expect([wrongFolder.status, wrongFolder.body!.error.fields]).toEqual([
      422,
      { folder_id: "folder_id must be the id of a folder of this room" },
    ]);
    expect((await api.addDocument(alice, id, { short_code: short(decks[0]!), position: 2 })).body!.error.message).toBe(
      "Unknown field(s): position",
    );
    expect((await api.removeDocument(alice, id, short(bobsDeck))).status).toBe(404);
    expect(await db.roomDocument.count({ where: { roomId: id } })).toBe(0);
  });

  it("leaves a document deleted from the team out of the room's lists and counts", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice);
    const doomed = await createSampleDocument(alice.owner, "Doomed", 1);
    await api.addDocument(alice, id, { short_code: short(decks[0]!) });
    await api.addDocument(alice, id, { short_code: short(doomed) });
    await api.addDocument(alice, id, { short_code: short(decks[1]!) });
    await db.document.update({ where: { id: doomed.id }, data: { deletedAt: new Date() } });
    const room = (await api.get(alice, id)).body!;
    expect(room.documents.map((d: Json) => [d.title, d.position])).toEqual([
      ["Deck 0", 0],
      ["Deck 1", 1],
    ]);
    expect(room.documents_count).toBe(2);
  });
});

describe("a room's index numbers", () => {
  it("number folders, then documents, on each level under their folder's number, in the API, the reader's tree and the ZIP; moves renumber", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice, "Indexed");
    const a = (await api.createFolder(alice, id, { name: "A" })).body!;
    const b = (await api.createFolder(alice, id, { name: "B" })).body!;
    const c = (await api.createFolder(alice, id, { name: "C", parent_id: a.id })).body!;
    expect([a.index, b.index, c.index]).toEqual(["1", "2", "1.1"]);
    const [top, second, inA, inC, inB] = decks.slice(0, 5).map(short) as [string, string, string, string, string];
    for (const [code, folder_id] of [
      [top, null],
      [second, null],
      [inA, a.id],
      [inC, c.id],
      [inB, b.id],
    ] as const) {
      expect((await api.addDocument(alice, id, { short_code: code, folder_id })).status).toBe(201);
    }
    const numbers = async () => {
      const { body } = await api.get(alice, id);
      return Object.fromEntries([
        ...body!.folders.map((f: Json) => [f.name, f.index]),
        ...body!.documents.map((d: Json) => [d.short_code, d.index]),
      ]);
    };
    expect(await numbers()).toEqual({ A: "1", B: "2", C: "1.1", [top]: "3", [second]: "4", [inA]: "1.2", [inC]: "1.1.1", [inB]: "2.1" });

    // B first: everything in A follows it; a document into C goes before C's own.
    expect((await api.changeFolder(alice, id, b.id, { position: 0 })).body).toMatchObject({ index: "1" });
    expect((await api.moveDocument(alice, id, top, { folder_id: c.id, position: 0 })).body).toMatchObject({ index: "2.1.1" });
    const renumbered = { B: "1", A: "2", C: "2.1", [second]: "3", [inA]: "2.2", [top]: "2.1.1", [inC]: "2.1.2", [inB]: "1.1" };
    expect(await numbers()).toEqual(renumbered);

    // The reader's tree and the ZIP "with index numbers" give the same numbers.
    const reader = await roomReaderContents(id, null);
    expect({
      ...Object.fromEntries(reader.folders.map((f) => [f.name, f.index])),
      ...Object.fromEntries(reader.documents.map((d) => [`s-${d.code}`, d.index])),
    }).toEqual(renumbered);
    const zip = await roomZipContents(id, null, true);
    expect(zip.folders.map((f) => f.name).sort()).toEqual(["1 B", "2 A", "2.1 C"]);
    expect(zip.documents.map((d) => d.title).sort()).toEqual(["1.1 Deck 4", "2.1.1 Deck 0", "2.1.2 Deck 3", "2.2 Deck 2", "3 Deck 1"]);
    expect((await roomZipContents(id, null)).folders.map((f) => f.name).sort()).toEqual(["A", "B", "C"]);
  });
});

describe("a room's limits", () => {
  it("refuses a folder past 1000 and a document past 5000 with a clear 422", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice, "Full");
    await db.roomFolder.createMany({ data: Array.from({ length: 1000 }, (_, i) => ({ roomId: id, name: `F${i}`, position: i })) });
    const folder = await api.createFolder(alice, id, { name: "One too many" });
    expect([folder.status, folder.body!.error.message]).toEqual([
      422,
      "A room holds at most 1000 folders; delete one before adding another",
    ]);

    // 5000 copies of one of the team's documents, each with a code of its own, all in the room.
    await db.$executeRaw`
      WITH copies AS (
        INSERT INTO documents
        SELECT (jsonb_populate_record(d, jsonb_build_object('id', gen_random_uuid(), 'code', substr(md5(random()::text || n), 1, 10)))).*
        FROM documents d, generate_series(1, 5000) AS n WHERE d.id = ${decks[0]!.id}::uuid
        RETURNING id
      )
      INSERT INTO room_documents (room_id, document_id, position) SELECT ${id}::uuid, id, 0 FROM copies`;
    const document = await api.addDocument(alice, id, { short_code: short(decks[1]!) });
    expect([document.status, document.body!.error.message]).toEqual([
      422,
      "A room holds at most 5000 documents; remove one before adding another",
    ]);
    expect(await db.roomDocument.count({ where: { roomId: id } })).toBe(5000);
  });
});

describe("room links", () => {
  it("gives each link the room's settings with its own overrides, newest first and paginated", async () => {
    const alice = await withNewKey(aliceTeam);
    const id = await newRoom(alice, "Linked", { allow_download: false, watermark: "{email}" });
    const jane = await api.createLink(alice, id, { name: "Sequoia — Jane" });
    expect(jane.status).toBe(201);
    expect(jane.body).toEqual({
      code: expect.stringMatching(/^[a-z0-9]{10}$/),
      url: `http://localhost:3000/s/${jane.body!.code}`,
      name: "Sequoia — Jane",
      is_active: true,
      settings: { ...DEFAULT_SETTINGS, allow_download: false, watermark: "{email}" },
      overrides: [],
      group_id: null,
      created_at: expect.any(String),
    });
    const room = (await api.get(alice, id)).body!;
    expect(jane.body!.code).not.toBe(room.code);

    const bo = await api.createLink(alice, id, {
      name: "Bo",
      settings: { gate_type: "none", allow: ["acme.com"], password: "long enough", watermark: null, expires_at: "2030-01-01T00:00:00Z" },
    });
    // An allow list needs an email to check: the gate stands again before the first document.
    expect(bo.body!.settings).toEqual({
      ...DEFAULT_SETTINGS,
      email_gate: true,
      gate_type: "full",
      allow_download: false,
      password: true,
      expires_at: "2030-01-01T00:00:00.000Z",
      allow: ["acme.com"],
      watermark: null,
    });
    expect(bo.body!.overrides).toEqual(["gate_type", "password", "expires_at", "allow", "watermark"]);
    const row = await db.roomLink.findUniqueOrThrow({ where: { code: bo.body!.code } });
    expect(await verifyPassword("long enough", row.passwordHash!)).toBe(true);

    // The room's change reaches the settings its links do not override.
    await api.patch(alice, id, { settings: { watermark: "{email} · {date}", allow_download: true } });
    const links = await api.listLinks(alice, id);
    expect(links.body!.links.map((l: Json) => [l.name, l.settings.watermark, l.settings.allow_download])).toEqual([
      ["Bo", null, true],
      ["Sequoia — Jane", "{email} · {date}", true],
    ]);
    const page = await api.listLinks(alice, id, "?page=2&per_page=1");
    expect([page.body!.links.map((l: Json) => l.name), page.body!.pagination]).toEqual([
      ["Sequoia — Jane"],
      { page: 2, per_page: 1, total: 2, total_pages: 2 },
    ]);

    for (const body of [{ name: "" }, { name: "X", settings: { gate_type: "preview" } }, { name: "X", is_active: false }, {}]) {
      expect((await api.createLink(alice, id, body)).status).toBe(422);
    }
    expect(await db.roomLink.count({ where: { roomId: id } })).toBe(2);
    const entry = await db.auditEntry.findFirstOrThrow({
      where: { targetId: id, action: "room.link_created", details: { path: ["link", "name"], equals: "Bo" } },
    });
    expect(JSON.stringify(entry.details)).not.toContain("long enough");
    expect(JSON.stringify(entry.details)).not.toContain(row.passwordHash);
  });
});

describe("who may change rooms", () => {
  it("a member's key reads and changes rooms, and the audit log names the member and says what changed", async () => {
    const alice = await withNewKey(aliceTeam);
    const member = await createUser({ email: `rooms-member-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
    await db.teamMember.create({ data: { teamId: alice.teamId, userId: member.id, role: "member" } });
    const memberKey: Team = {
      teamId: alice.teamId,
      userId: member.id,
      key: (await createApiKey({ teamId: alice.teamId, userId: member.id }, "member's")).key,
    };
    const id = await newRoom(memberKey, "Member's room");
    const folder = (await api.createFolder(memberKey, id, { name: "Decks" })).body!;
    expect((await api.addDocument(memberKey, id, { short_code: short(decks[0]!), folder_id: folder.id })).status).toBe(201);
    expect((await api.createLink(memberKey, id, { name: "For Jane" })).status).toBe(201);
    expect((await api.get(memberKey, id)).body!.documents).toHaveLength(1);

    const entries = await db.auditEntry.findMany({ where: { targetId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(entries.every((e) => e.actorUserId === member.id && e.actorApiKeyName === "member's")).toBe(true);
    expect(entries.map((e) => describeEntry(serializeAuditEntry(e)).replace(/^\S+ /, ""))).toEqual([
      "created the room 'Member's room'",
      "added the folder 'Decks' to the room 'Member's room'",
      "added 'Deck 0' to the room 'Member's room'",
      "created the link 'For Jane' of the room 'Member's room'",
    ]);
  });
});
