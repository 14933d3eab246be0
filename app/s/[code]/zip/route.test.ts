import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { ReaderBrowser } from "@/test/support/reader-browser";
import { roomLinkOf, roomOf } from "@/test/support/room-reads";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import type { Document, Room, RoomLink } from "@/lib/generated/prisma/client";
import { setClockOffset } from "@/lib/time";
import { createUser } from "@/lib/users/create-user";
import * as roomCsvRoute from "@/app/api/dashboard/rooms/[id]/viewers.csv/route";

const documentStatsRoute = routeAt("/api/v1/documents/{short_code}/stats");
const roomStatsRoute = routeAt("/api/v1/rooms/{id}/stats");
const roomViewersRoute = routeAt("/api/v1/rooms/{id}/viewers");

/**
 * A room's ZIP fetched by its readers through the public door (issue 40, item 8): what it records
 * for each document, and where the owner then sees it: the API's stats and viewers, each document's
 * own figures, the events and the room's CSV.
 */
vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);
// The signed-in member for the dashboard's CSV: next-auth's session needs a request scope vitest does not have.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/auth", () => ({
  auth: async () => (session.userId ? { user: { id: session.userId } } : null),
  signedInUser: async () => (session.userId ? { id: session.userId, email: "someone@example.com", name: null, sessionId: null } : null),
}));

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const MINUTE = 60_000;

let owner: Awaited<ReturnType<typeof createUser>>;
let key: string;
let deck: Document;
let memo: Document;
let room: Room;
let link: RoomLink;

/** An API GET as a client sends it, its answer checked against the OpenAPI document; it must be 200. */
async function api(handler: unknown, path: string, params: Record<string, string>): Promise<Json> {
  const { status, body } = await callApiRoute(handler, { key, path, params });
  expect(status, JSON.stringify(body)).toBe(200);
  return body!;
}

const roomStats = () => api(roomStatsRoute.GET, `/api/v1/rooms/${room.id}/stats`, { id: room.id });
const roomViewers = () => api(roomViewersRoute.GET, `/api/v1/rooms/${room.id}/viewers`, { id: room.id });

/** The whole ZIP, read to its end as a browser saves it. */
async function downloadZip(reader: ReaderBrowser, code: string, headers?: Record<string, string>) {
  const zip = await reader.zip(code, headers);
  expect(zip.status).toBe(200);
  await zip.response.arrayBuffer();
}

const zipDownloads = () =>
  db.download.findMany({
    where: { roomId: room.id },
    orderBy: { createdAt: "asc" },
    select: { documentId: true, roomLinkId: true, roomZipId: true, viewer: { select: { email: true } } },
  });
const downloadEvents = () =>
  db.event.findMany({ where: { type: "document.downloaded", documentId: { in: [deck.id, memo.id] } }, orderBy: { createdAt: "asc" } });

/** A room of a deck and a memo behind its email gate, and Jane's link to it. */
beforeEach(async () => {
  setClockOffset(0);
  owner = await createUser({ email: `room-zip-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  key = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "room zip")).key;
  deck = await createSampleDocument(owner, "Deck", 2, { email_gate: false });
  memo = await createSampleDocument(owner, "Memo", 1, { email_gate: false });
  room = await roomOf(owner.personalTeamId, "Series A", [deck, memo]);
  room = await db.room.update({ where: { id: room.id }, data: { settings: { email_gate: true, gate_type: "full" } } });
  link = await roomLinkOf(room, "Jane");
});
afterEach(() => setClockOffset(0));

async function jane(): Promise<ReaderBrowser> {
  const reader = new ReaderBrowser();
  expect((await reader.gate(link.code, "jane@fund.example")).status).toBe(200);
  return reader;
}

describe("a room's ZIP", () => {
  it("is recorded as a download of each document in it, marked as the room's ZIP, each with document.downloaded; never a bot's", async () => {
    const reader = await jane();
    await downloadZip(reader, link.code, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(await zipDownloads()).toEqual([]);
    await downloadZip(reader, link.code);

    const rows = await zipDownloads();
    expect(rows.map((r) => r.documentId).sort()).toEqual([deck.id, memo.id].sort());
    expect(rows.every((r) => r.roomLinkId === link.id && r.viewer?.email === "jane@fund.example")).toBe(true);
    expect(rows[0]!.roomZipId).toEqual(expect.any(String));
    expect(rows[1]!.roomZipId).toBe(rows[0]!.roomZipId);

    const events = await downloadEvents();
    expect(events.map((e) => e.documentId).sort()).toEqual([deck.id, memo.id].sort());
    for (const event of events) {
      expect((event.payload as Json).data).toMatchObject({
        room: { id: room.id, name: "Series A", code: room.code },
        viewer: { email: "jane@fund.example", company_domain: "fund.example" },
        download: { downloaded_at: expect.any(String), room_zip: true },
      });
    }
    // Each document's own figures count it.
    expect(await db.document.findUniqueOrThrow({ where: { id: deck.id }, select: { downloads: true } })).toEqual({ downloads: 1 });
    const stats = await api(documentStatsRoute.GET, `/api/v1/documents/s-${memo.code}/stats`, { short_code: `s-${memo.code}` });
    expect(stats.downloads).toBe(1);
  });

  it("is recorded once per reader per 10 minutes, as a document downloaded alone is", async () => {
    const reader = await jane();
    await downloadZip(reader, link.code);
    await downloadZip(reader, link.code);
    expect((await reader.download(link.code, deck.code)).status).toBe(200);
    expect(await zipDownloads()).toHaveLength(2);
    expect(await downloadEvents()).toHaveLength(2);

    setClockOffset(11 * MINUTE);
    await downloadZip(reader, link.code);
    const rows = await zipDownloads();
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.roomZipId)).size).toBe(2);
    expect(await downloadEvents()).toHaveLength(4);
  });

  it("records what a reader was sent when they stop halfway", async () => {
    const zip = await (await jane()).zip(link.code);
    const reader = zip.response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect((await zipDownloads()).map((r) => r.documentId)).toEqual([deck.id]);
  });
});

describe("the room's figures", () => {
  it("count its downloads, alone or in its ZIP, and its ZIPs; its viewers and CSV show who took what", async () => {
    await downloadZip(await jane(), link.code);
    const sam = new ReaderBrowser();
    await sam.gate(room.code, "sam@accel.example");
    expect((await sam.download(room.code, deck.code)).status).toBe(200);

    expect(await roomStats()).toMatchObject({ views: 0, downloads: 3, zip_downloads: 1 });

    const { viewers, total_viewers } = await roomViewers();
    expect(total_viewers).toBe(2);
    const byEmail = new Map<string, Json>(viewers.map((v: Json) => [v.email, v]));
    expect(byEmail.get("jane@fund.example")).toMatchObject({ visits: 0, documents_opened: 0, links: [{ code: link.code, name: "Jane" }] });
    expect(
      byEmail
        .get("jane@fund.example")!
        .documents.map((d: Json) => [d.short_code, d.visits, d.downloads, d.zip_downloads])
        .sort(),
    ).toEqual(
      [
        [`s-${deck.code}`, 0, 1, 1],
        [`s-${memo.code}`, 0, 1, 1],
      ].sort(),
    );
    expect(byEmail.get("sam@accel.example")!.documents.map((d: Json) => [d.short_code, d.downloads, d.zip_downloads])).toEqual([
      [`s-${deck.code}`, 1, 0],
    ]);

    session.userId = owner.id;
    const csv = await (roomCsvRoute.GET as Handler)(new Request(`http://localhost:3000/api/dashboard/rooms/${room.id}/viewers.csv`), {
      params: Promise.resolve({ id: room.id }),
    });
    const [header, ...rows] = (await csv.text()).trimEnd().split("\r\n");
    expect(header).toBe(
      "viewer_id,email,name,company_domain,links,short_code,title,visits,pages_viewed,total_pages,completion,total_time_seconds,first_viewed_at,last_viewed_at,downloads,zip_downloads,agreement_accepted_at",
    );
    const cells = rows.map((row) => row.split(",")).map((c) => [c[1], c[6], c[7], c[14], c[15]]);
    expect(cells.sort()).toEqual(
      [
        ["jane@fund.example", "Deck", "0", "1", "1"],
        ["jane@fund.example", "Memo", "0", "1", "1"],
        ["sam@accel.example", "Deck", "0", "1", "0"],
      ].sort(),
    );
  });

  it("count an anonymous reader's ZIP, which names no one, without a gate to name them", async () => {
    room = await db.room.update({ where: { id: room.id }, data: { settings: { email_gate: false } } });
    await downloadZip(new ReaderBrowser(), room.code);
    expect((await zipDownloads()).map((r) => r.viewer)).toEqual([null, null]);
    expect(await roomStats()).toMatchObject({ downloads: 2, zip_downloads: 1 });
    expect((await roomViewers()).total_viewers).toBe(0);
    expect(await downloadEvents()).toHaveLength(2);
  });
});
