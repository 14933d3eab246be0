import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { ReaderBrowser } from "@/test/support/reader-browser";
import { roomLinkOf, roomOf } from "@/test/support/room-reads";
import { createApiKey } from "@/lib/auth/api-keys";
import { documentPageData } from "@/lib/dashboard/document-page-data";
import { viewersCsv } from "@/lib/dashboard/document-csv";
import { roomAnalyticsData } from "@/lib/dashboard/room-analytics-data";
import { roomViewersCsv } from "@/lib/dashboard/room-csv";
import { db } from "@/lib/db/client";
import type { Document, Room, RoomLink } from "@/lib/generated/prisma/client";
import { setClockOffset } from "@/lib/time";
import { createUser } from "@/lib/users/create-user";

const documentViewersRoute = routeAt("/api/v1/documents/{short_code}/viewers");
const roomViewersRoute = routeAt("/api/v1/rooms/{id}/viewers");

/**
 * Agreements accepted by readers through the "I agree" door (issue 40, item 10), and where the
 * owner sees who accepted which text and when: the room's and the document's pages, the viewers in
 * the API and the CSVs.
 */
vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);

const MINUTE = 60_000;
const ROOM_TERMS = "I will keep the Series A materials confidential.";
const NEW_ROOM_TERMS = "I will keep the Series A materials confidential until the round closes.";
const DECK_TERMS = "I will not forward this deck.";

let owner: Awaited<ReturnType<typeof createUser>>;
let key: string;
let deck: Document;
let room: Room;
let janesLink: RoomLink;
/** When each reader accepted, as recorded. */
const acceptedAt: Record<string, Date> = {};

/** An API GET as a client sends it, its answer checked against the OpenAPI document; it must be 200. */
async function api(handler: unknown, path: string, params: Record<string, string>): Promise<Json> {
  const { status, body } = await callApiRoute(handler, { key, path, params });
  expect(status, JSON.stringify(body)).toBe(200);
  return body!;
}

async function agreeAt(minutes: number, reader: ReaderBrowser, code: string, email: string) {
  setClockOffset(minutes * MINUTE);
  expect((await reader.gate(code, email)).status).toBe(200);
  expect((await reader.agree(code)).status).toBe(200);
  const latest = await db.agreementAcceptance.findFirstOrThrow({ where: { email }, orderBy: { acceptedAt: "desc" } });
  acceptedAt[email] = latest.acceptedAt;
}

/**
 * A deck with its own agreement, in a room with the room's. Ann accepts the deck's on its own code;
 * Jane accepts the room's through her link and downloads the deck there; Bob accepts the room's on
 * its own code and opens nothing; the room's text then changes and Bob accepts the new one.
 */
beforeAll(async () => {
  owner = await createUser({ email: `acceptances-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  key = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "acceptances")).key;
  deck = await createSampleDocument(owner, "Deck", 2, { gate_type: "full", agreement: DECK_TERMS });
  const memo = await createSampleDocument(owner, "Memo", 1, { email_gate: false });
  room = await roomOf(owner.personalTeamId, "Series A", [deck, memo]);
  room = await db.room.update({
    where: { id: room.id },
    data: { settings: { email_gate: true, gate_type: "full", agreement: ROOM_TERMS } },
  });
  janesLink = await roomLinkOf(room, "Jane at Fund A");

  await agreeAt(0, new ReaderBrowser(), deck.code, "ann@acme.example");
  const jane = new ReaderBrowser();
  await agreeAt(1, jane, janesLink.code, "jane@fund-a.example");
  expect((await jane.download(janesLink.code, deck.code)).status).toBe(200);
  const bob = new ReaderBrowser();
  await agreeAt(2, bob, room.code, "bob@fund-b.example");
  await db.room.update({ where: { id: room.id }, data: { settings: { email_gate: true, gate_type: "full", agreement: NEW_ROOM_TERMS } } });
  await agreeAt(3, bob, room.code, "bob@fund-b.example");
  setClockOffset(0);
});
afterAll(() => setClockOffset(0));

describe("the room's page", () => {
  it("lists who accepted which text of the room's agreement, through which link and when, newest first", async () => {
    const { agreements } = await roomAnalyticsData(owner.personalTeamId, room.id, 1);
    expect(agreements.pagination.total).toBe(3);
    expect(agreements.acceptances.map((a) => [a.reader, a.agreement, a.through.room?.link ?? null])).toEqual([
      ["bob@fund-b.example", NEW_ROOM_TERMS, null],
      ["bob@fund-b.example", ROOM_TERMS, null],
      ["jane@fund-a.example", ROOM_TERMS, "Jane at Fund A"],
    ]);
    expect(agreements.acceptances[2]!.acceptedAt).toEqual(acceptedAt["jane@fund-a.example"]);
  });

  it("shows on each visitor when they accepted it, as the room's viewers in the API and its CSV carry it", async () => {
    const { visitors } = await roomAnalyticsData(owner.personalTeamId, room.id, 1);
    expect(visitors.map((v) => [v.label, v.agreementAcceptedAt])).toEqual([
      ["jane@fund-a.example", acceptedAt["jane@fund-a.example"]!.toISOString()],
    ]);
    const { viewers } = await api(roomViewersRoute.GET, `/api/v1/rooms/${room.id}/viewers`, { id: room.id });
    expect(viewers.map((v: Json) => [v.email, v.agreement_accepted_at])).toEqual([
      ["jane@fund-a.example", acceptedAt["jane@fund-a.example"]!.toISOString()],
    ]);
    const [header, row] = (await roomViewersCsv(room)).body.trimEnd().split("\r\n");
    expect(header!.split(",").at(-1)).toBe("agreement_accepted_at");
    expect(row!.split(",").at(-1)).toBe(acceptedAt["jane@fund-a.example"]!.toISOString());
  });
});

describe("the document's page", () => {
  it("lists its own agreement's acceptances and the room's of readers who went on to it, with the text, the link or room and when", async () => {
    const data = await documentPageData(owner.personalTeamId, deck.code, {});
    expect(data!.agreements.acceptances.map((a) => [a.reader, a.agreement, a.through, a.acceptedAt])).toEqual([
      [
        "jane@fund-a.example",
        ROOM_TERMS,
        { link: null, room: { name: "Series A", link: "Jane at Fund A" } },
        acceptedAt["jane@fund-a.example"],
      ],
      ["ann@acme.example", DECK_TERMS, { link: null, room: null }, acceptedAt["ann@acme.example"]],
    ]);
  });

  it("gives a reader who accepted the room's agreement its time, in the API and the CSV", async () => {
    const { viewers } = await api(documentViewersRoute.GET, `/api/v1/documents/s-${deck.code}/viewers`, { short_code: `s-${deck.code}` });
    const jane = viewers.find((v: Json) => v.email === "jane@fund-a.example");
    expect(jane.agreement_accepted_at).toBe(acceptedAt["jane@fund-a.example"]!.toISOString());
    const csv = (await viewersCsv(deck, "all")).body.trimEnd().split("\r\n");
    expect(
      csv
        .find((line) => line.includes("jane@fund-a.example"))!
        .split(",")
        .at(-1),
    ).toBe(acceptedAt["jane@fund-a.example"]!.toISOString());
  });
});
