import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { noReaderCap, openAccess, readerAddress } from "@/test/support/fixtures";
import { readInRoom, roomLinkOf, roomOf } from "@/test/support/room-reads";
import { createApiKey } from "@/lib/auth/api-keys";
import { roomViewersCsv } from "@/lib/dashboard/room-csv";
import { db } from "@/lib/db/client";
import type { Document, Room, RoomLink } from "@/lib/generated/prisma/client";
import { sharedDocument, type SharedDocument } from "@/lib/links/shared-document";
import { setClockOffset } from "@/lib/time";
import { createUser } from "@/lib/users/create-user";
import { ingestNow } from "@/test/support/ingest-now";
import { passGate } from "@/lib/viewer/grants/pass-gate";
import { passRoomGate } from "@/lib/viewer/grants/pass-room-gate";
import { roomShare } from "@/lib/viewer/rooms/public-room";

const statsRoute = routeAt("/api/v1/rooms/{id}/stats");
const viewersRoute = routeAt("/api/v1/rooms/{id}/viewers");

/** A GET of a room's figures as `key`'s client, checked against the OpenAPI document. */
const call = async (handler: unknown, key: string, path: string, id: string) => {
  const { status, body } = await callApiRoute(handler, { key, path, params: { id } });
  return { status, body: body! };
};

const stats = (key: string, id: string, query = "") => call(statsRoute.GET, key, `/api/v1/rooms/${id}/stats${query}`, id);
const viewers = (key: string, id: string, query = "") => call(viewersRoute.GET, key, `/api/v1/rooms/${id}/viewers${query}`, id);

const newOwner = async () => {
  const owner = await createUser({ email: `room-reads-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  return { owner, key: (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "room reads")).key };
};

const MINUTE = 60_000;
let key: string;
let otherTeamsKey: string;
let room: Room;
let throughJane: RoomLink;
let throughSam: RoomLink;
let deck: Document;
let model: Document;
let memo: Document;
/** When the reads began: Jane read at minutes 0 and 1, Sam at 2 and 3. */
let start: number;

/** Reads one batch of `pages` (seconds each) at `minutes` past the start, as the room's reader routes record them. */
async function read(
  shared: SharedDocument,
  browser: string,
  minutes: number,
  pages: Array<[number, number]>,
  gateViewerId: string | null = null,
) {
  setClockOffset(minutes * MINUTE);
  const batch = { batch_id: `b_${randomBytes(8).toString("hex")}`, pages: pages.map(([page, seconds]) => ({ page, seconds })) };
  await ingestNow(shared, { ...openAccess(shared.pageCount), gateViewerId }, browser, batch, noReaderCap);
}

/**
 * A room of a deck (3 pages), a model (2 pages) and a memo (1 page, never read), and two room links.
 * Jane gives her email at the room's gate through her link and reads the whole deck, then half the
 * model in the same browser without a gate of its own. Sam reads a page of the deck through his
 * link, then another through the room's own code. Someone reads the deck outside the room.
 */
beforeAll(async () => {
  const [alice, bob] = await Promise.all([newOwner(), newOwner()]);
  [key, otherTeamsKey] = [alice.key, bob.key];
  deck = await createSampleDocument(alice.owner, "Deck", 3, { email_gate: false });
  model = await createSampleDocument(alice.owner, "Model", 2, { email_gate: false });
  memo = await createSampleDocument(alice.owner, "Memo", 1, { email_gate: false });
  room = await roomOf(alice.owner.personalTeamId, "Series A", [deck, model, memo]);
  [throughJane, throughSam] = [await roomLinkOf(room, "Sequoia — Jane"), await roomLinkOf(room, "Accel — Sam")];
  start = Date.now();

  const jane = randomBytes(12).toString("base64url");
  const sam = randomBytes(12).toString("base64url");
  const janesDeck = readInRoom(deck, room, throughJane);
  await passRoomGate(roomShare(room, throughJane), { email: "jane@sequoia.com", name: "Jane" }, readerAddress());
  const { viewerId } = await passGate(janesDeck, { email: "jane@sequoia.com", name: "Jane" }, jane, readerAddress());
  await read(
    janesDeck,
    jane,
    0,
    [
      [1, 4],
      [2, 4],
      [3, 4],
    ],
    viewerId,
  );
  await read(readInRoom(model, room, throughJane), jane, 1, [[1, 6]]);
  await read(readInRoom(deck, room, throughSam), sam, 2, [[1, 5]]);
  await read(readInRoom(deck, room), sam, 3, [[2, 3]]);
  await read(sharedDocument(deck, null), randomBytes(12).toString("base64url"), 4, [[1, 9]]);
  setClockOffset(0);
});
afterAll(() => setClockOffset(0));

describe("a room's stats", () => {
  it("count the reads in the room: visits, viewers across its documents, leads and time", async () => {
    const { status, body } = await stats(key, room.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ views: 4, unique_viewers: 2, leads: 1, total_time_seconds: 26, avg_time_seconds: 6.5 });
  });

  it("give each document the room holds, in the room's order, its reads in the room (an unread one has zeros)", async () => {
    const { body } = await stats(key, room.id);
    expect(body.documents).toEqual([
      {
        short_code: `s-${deck.code}`,
        title: "Deck",
        page_count: 3,
        views: 3,
        unique_viewers: 2,
        total_time_seconds: 20,
        avg_time_seconds: 6.67,
        avg_completion: 0.8333,
      },
      {
        short_code: `s-${model.code}`,
        title: "Model",
        page_count: 2,
        views: 1,
        unique_viewers: 1,
        total_time_seconds: 6,
        avg_time_seconds: 6,
        avg_completion: 0.5,
      },
      {
        short_code: `s-${memo.code}`,
        title: "Memo",
        page_count: 1,
        views: 0,
        unique_viewers: 0,
        total_time_seconds: 0,
        avg_time_seconds: 0,
        avg_completion: 0,
      },
    ]);
  });

  it("give each code readers came through its visits and viewers, the room's own code named null", async () => {
    const { body } = await stats(key, room.id);
    expect(body.links).toEqual([
      { code: throughJane.code, name: "Sequoia — Jane", views: 2, unique_viewers: 1 },
      { code: room.code, name: null, views: 1, unique_viewers: 1 },
      { code: throughSam.code, name: "Accel — Sam", views: 1, unique_viewers: 1 },
    ]);
  });

  it("with since and until, count only the visits started in the window", async () => {
    const since = new Date(start + 1.5 * MINUTE).toISOString();
    const { body } = await stats(key, room.id, `?since=${since}`);
    expect(body).toMatchObject({ views: 2, unique_viewers: 1, leads: 0, total_time_seconds: 8 });
    expect(body.documents.map((d: Json) => d.views)).toEqual([2, 0, 0]);
    const until = new Date(start + 1.5 * MINUTE).toISOString();
    expect((await viewers(key, room.id, `?until=${until}`)).body.viewers.map((v: Json) => v.email)).toEqual(["jane@sequoia.com"]);
    expect((await stats(key, room.id, `?since=${until}&until=${new Date(start).toISOString()}`)).status).toBe(400);
  });

  it("leave the documents' own figures counting every read, in the room or not", async () => {
    expect(await db.document.findUniqueOrThrow({ where: { id: deck.id } })).toMatchObject({ views: 4, uniqueViewers: 3 });
  });
});

describe("a room's viewers", () => {
  it("are one per person across the room's documents, most recently active first, with what they opened and how they came", async () => {
    const { status, body } = await viewers(key, room.id);
    expect(status).toBe(200);
    expect(body.total_viewers).toBe(2);
    expect(body.pagination).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1 });
    const [sam, jane] = body.viewers;
    expect(jane.email).toBe("jane@sequoia.com");
    expect(sam).toMatchObject({ email: null, name: null, company_domain: null, visits: 2, documents_opened: 1, total_time_seconds: 8 });
    expect(sam.links).toEqual([
      { code: room.code, name: null },
      { code: throughSam.code, name: "Accel — Sam" },
    ]);
    expect(sam.documents).toEqual([
      expect.objectContaining({
        short_code: `s-${deck.code}`,
        visits: 2,
        pages_viewed: 2,
        total_pages: 3,
        completion: 0.6667,
        total_time_seconds: 8,
      }),
    ]);
    expect(sam.viewer_id).toBe(sam.documents[0].viewer_id);
  });

  it("know a reader by the email given at the room's gate, even on a document read without a gate of its own", async () => {
    const jane = (await viewers(key, room.id)).body.viewers[1];
    expect(jane).toMatchObject({ email: "jane@sequoia.com", name: "Jane", company_domain: "sequoia.com", visits: 2, documents_opened: 2 });
    expect(jane.links).toEqual([{ code: throughJane.code, name: "Sequoia — Jane" }]);
    expect(jane.documents.map((d: Json) => [d.short_code, d.pages_viewed, d.total_pages, d.completion, d.total_time_seconds])).toEqual([
      [`s-${model.code}`, 1, 2, 0.5, 6],
      [`s-${deck.code}`, 3, 3, 1, 12],
    ]);
    // Their first reading in the room names them.
    expect(jane.viewer_id).toBe(jane.documents[1].viewer_id);
    expect(jane.first_viewed_at).toBe(jane.documents[1].first_viewed_at);
  });

  it("page like a document's viewers, a page past the end empty with the right total", async () => {
    const second = await viewers(key, room.id, "?per_page=1&page=2");
    expect(second.body.viewers.map((v: Json) => v.email)).toEqual(["jane@sequoia.com"]);
    expect(second.body.pagination).toEqual({ page: 2, per_page: 1, total: 2, total_pages: 2 });
    const past = await viewers(key, room.id, "?per_page=1&page=3");
    expect(past.body).toMatchObject({ viewers: [], total_viewers: 2, pagination: { page: 3, per_page: 1, total: 2, total_pages: 2 } });
    expect((await viewers(key, room.id, "?per_page=0")).status).toBe(400);
  });

  it("export as CSV, one row per viewer and document they opened", async () => {
    const { filename, body } = await roomViewersCsv(room);
    expect(filename).toBe("Series A-viewers.csv");
    const lines = body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "viewer_id,email,name,company_domain,links,short_code,title,visits,pages_viewed,total_pages,completion,total_time_seconds,first_viewed_at,last_viewed_at,downloads,zip_downloads,agreement_accepted_at",
    );
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 12))).toEqual([
      ["", "", "", `${room.code}; Accel — Sam`, `s-${deck.code}`, "Deck", "2", "2", "3", "0.6667", "8"],
      ["jane@sequoia.com", "Jane", "sequoia.com", "Sequoia — Jane", `s-${model.code}`, "Model", "1", "1", "2", "0.5", "6"],
      ["jane@sequoia.com", "Jane", "sequoia.com", "Sequoia — Jane", `s-${deck.code}`, "Deck", "1", "3", "3", "1", "12"],
    ]);
  });
});

describe("another team's room, or none", () => {
  it("is not found, in the error envelope", async () => {
    for (const ask of [stats, viewers]) {
      expect(await ask(otherTeamsKey, room.id)).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
      expect((await ask(key, "not-a-room")).status).toBe(404);
      expect((await ask(key, "6f1c2b7e-8d4a-4c3b-9e2f-1a0b9c8d7e6f")).status).toBe(404);
    }
  });

  it("nor once deleted", async () => {
    const gone = await roomOf((await db.document.findUniqueOrThrow({ where: { id: deck.id } })).teamId, "Gone", [deck]);
    await db.room.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect((await stats(key, gone.id)).status).toBe(404);
  });
});
