import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { ReaderBrowser } from "@/test/support/reader-browser";
import { roomLinkOf, roomOf } from "@/test/support/room-reads";
import { createApiKey } from "@/lib/auth/api-keys";
import { rollUpBeacons } from "@/lib/beacons/roll-up-beacons";
import { roomActivityCsv } from "@/lib/dashboard/room-activity-csv";
import { db } from "@/lib/db/client";
import type { Document, Room, RoomGroup, RoomLink } from "@/lib/generated/prisma/client";
import { setClockOffset } from "@/lib/time";
import { askQuestion } from "@/lib/questions/ask-question";
import { documentSubject } from "@/lib/questions/question-subject";
import { createUser } from "@/lib/users/create-user";
import { findPublicRoom, roomDocument } from "@/lib/viewer/rooms/public-room";

const activityRoute = routeAt("/api/v1/rooms/{id}/activity");

vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);

const MINUTE = 60_000;
const TERMS = "I will keep the Series A materials confidential.";

let key: string;
let readOnlyKey: string;
let otherTeamsKey: string;
let room: Room;
let janesLink: RoomLink;
let fundA: RoomGroup;
let deck: Document;
let memo: Document;
let start: number;

const activity = async (query = "", as = key, id = room.id) => {
  const { status, body } = await callApiRoute(activityRoute.GET, { key: as, path: `/api/v1/rooms/${id}/activity${query}`, params: { id } });
  return { status, body: body! };
};
const kinds = async (query = "") => (await activity(query)).body.activity.map((item: Json) => [item.kind, item.email]);

/** One step of a reader at `minutes` past the start, which must succeed. */
async function at(minutes: number, step: () => Promise<{ status: number }>) {
  setClockOffset(minutes * MINUTE);
  expect((await step()).status).toBe(200);
}

/**
 * A room of a folder "Decks" holding the deck, and the memo at the top level, behind an email gate
 * and an agreement. Jane, through her link (of the group "Fund A", which sees everything), passes the gate, accepts, reads the deck's first page,
 * downloads it and then the whole room as a ZIP (which records the memo only: the deck was hers a
 * minute ago, and a reader's download is recorded once in 10 minutes); Sam, through the room's own code, passes the gate,
 * accepts and reads the memo.
 */
beforeAll(async () => {
  const owner = await createUser({ email: `activity-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const stranger = await createUser({ email: `activity-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  key = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "activity")).key;
  readOnlyKey = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "read only", "read")).key;
  otherTeamsKey = (await createApiKey({ teamId: stranger.personalTeamId, userId: stranger.id }, "other")).key;
  deck = await createSampleDocument(owner, "Deck", 2, { email_gate: false });
  memo = await createSampleDocument(owner, "Memo", 1, { email_gate: false });
  room = await roomOf(owner.personalTeamId, "Series A", [memo, deck]);
  const folder = await db.roomFolder.create({ data: { roomId: room.id, name: "Decks" } });
  await db.roomDocument.update({ where: { roomId_documentId: { roomId: room.id, documentId: deck.id } }, data: { folderId: folder.id } });
  room = await db.room.update({
    where: { id: room.id },
    data: { settings: { email_gate: true, gate_type: "full", agreement: TERMS } },
  });
  fundA = await db.roomGroup.create({ data: { roomId: room.id, name: "Fund A", defaultAccess: "download" } });
  janesLink = await db.roomLink.update({ where: { id: (await roomLinkOf(room, "Jane at Fund A")).id }, data: { groupId: fundA.id } });
  start = Date.now();

  const jane = new ReaderBrowser();
  await at(0, () => jane.gate(janesLink.code, "jane@fund-a.example"));
  await at(1, () => jane.agree(janesLink.code));
  await at(2, () => jane.track(janesLink.code, deck.code));
  await rollUpBeacons({ wait: true });
  await at(3, () => jane.download(janesLink.code, deck.code));
  setClockOffset(4 * MINUTE);
  const zip = await jane.zip(janesLink.code);
  expect(zip.status).toBe(200);
  await zip.response.arrayBuffer();

  const sam = new ReaderBrowser();
  await at(5, () => sam.gate(room.code, "sam@fund-b.example"));
  await at(6, () => sam.agree(room.code));
  await at(7, () => sam.track(room.code, memo.code));
  await rollUpBeacons({ wait: true });
  setClockOffset(0);
});
afterAll(() => setClockOffset(0));

describe("a room's activity record", () => {
  it("lists every reader event in the room, newest first, each with its reader, link, group, document and details", async () => {
    const { status, body } = await activity();
    expect(status).toBe(200);
    expect(body.pagination).toEqual({ page: 1, per_page: 20, total: 8, total_pages: 1 });
    const jane = { code: janesLink.code, name: "Jane at Fund A" };
    const own = { code: room.code, name: null };
    const group = { id: fundA.id, name: "Fund A" };
    const none = {
      id: expect.any(String),
      group: null,
      document: null,
      pages: null,
      seconds: null,
      agreement_text: null,
      documents_count: null,
    };
    expect(body.activity).toEqual([
      {
        ...none,
        kind: "document_viewed",
        at: expect.any(String),
        email: "sam@fund-b.example",
        link: own,
        pages: 1,
        seconds: 2,
        document: { short_code: `s-${memo.code}`, title: "Memo", index: "2" },
      },
      { ...none, kind: "agreement_accepted", at: expect.any(String), email: "sam@fund-b.example", link: own, agreement_text: TERMS },
      { ...none, kind: "gate_passed", at: expect.any(String), email: "sam@fund-b.example", link: own },
      { ...none, kind: "zip_download", at: expect.any(String), email: "jane@fund-a.example", link: jane, group, documents_count: 1 },
      {
        ...none,
        kind: "download",
        at: expect.any(String),
        email: "jane@fund-a.example",
        link: jane,
        group,
        document: { short_code: `s-${deck.code}`, title: "Deck", index: "1.1" },
      },
      {
        ...none,
        kind: "document_viewed",
        at: expect.any(String),
        email: "jane@fund-a.example",
        link: jane,
        group,
        pages: 1,
        seconds: 2,
        document: { short_code: `s-${deck.code}`, title: "Deck", index: "1.1" },
      },
      {
        ...none,
        kind: "agreement_accepted",
        at: expect.any(String),
        email: "jane@fund-a.example",
        link: jane,
        group,
        agreement_text: TERMS,
      },
      { ...none, kind: "gate_passed", at: expect.any(String), email: "jane@fund-a.example", link: jane, group },
    ]);
    const times = body.activity.map((item: Json) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("filters by kind, link, group, email, document and time, and pages through what is left", async () => {
    expect(await kinds("?kind=gate_passed")).toEqual([
      ["gate_passed", "sam@fund-b.example"],
      ["gate_passed", "jane@fund-a.example"],
    ]);
    expect((await kinds(`?link=${janesLink.code}`)).map(([, email]: string[]) => email)).toEqual(Array(5).fill("jane@fund-a.example"));
    expect((await kinds(`?group_id=${fundA.id}`)).map(([, email]: string[]) => email)).toEqual(Array(5).fill("jane@fund-a.example"));
    expect((await kinds(`?link=${room.code}`)).map(([, email]: string[]) => email)).toEqual(Array(3).fill("sam@fund-b.example"));
    expect(await kinds("?email=SAM@Fund-B.example&kind=agreement_accepted")).toEqual([["agreement_accepted", "sam@fund-b.example"]]);
    expect(await kinds(`?short_code=s-${deck.code}`)).toEqual([
      ["download", "jane@fund-a.example"],
      ["document_viewed", "jane@fund-a.example"],
    ]);
    const minute = (n: number) => new Date(start + n * MINUTE).toISOString();
    expect((await kinds(`?since=${minute(2.5)}&until=${minute(5.5)}`)).map(([kind]: string[]) => kind)).toEqual([
      "gate_passed",
      "zip_download",
      "download",
    ]);

    const second = await activity("?per_page=4&page=2");
    expect(second.body.pagination).toEqual({ page: 2, per_page: 4, total: 8, total_pages: 2 });
    expect(second.body.activity.map((item: Json) => item.kind)).toEqual([
      "download",
      "document_viewed",
      "agreement_accepted",
      "gate_passed",
    ]);
    const past = await activity("?page=9&kind=download");
    expect([past.body.activity, past.body.pagination]).toEqual([[], { page: 9, per_page: 20, total: 1, total_pages: 1 }]);
  });

  it("refuses bad filters with 400 in the error envelope, and an unknown link or group with 404", async () => {
    for (const query of [
      "?kind=opened",
      "?since=yesterday",
      "?since=2026-02-01&until=2026-01-01",
      "?per_page=500",
      "?short_code=nope",
      "?group_id=fund-a",
    ]) {
      const { status, body } = await activity(query);
      expect([query, status, body.error.code]).toEqual([query, 400, "bad_request"]);
    }
    expect((await activity("?kind=opened")).body.error.message).toMatch(/kind must be one of gate_passed, agreement_accepted/);
    for (const query of ["?link=zzzzzzzzzz", `?group_id=${crypto.randomUUID()}`]) {
      const unknown = await activity(query);
      expect([query, unknown.status, unknown.body.error.code]).toEqual([query, 404, "not_found"]);
    }
  });

  it("is the room's team's alone: another team's key gets 404; a read-only key reads it", async () => {
    const other = await activity("", otherTeamsKey);
    expect([other.status, other.body.error.code]).toEqual([404, "not_found"]);
    expect((await activity("", readOnlyKey)).status).toBe(200);
  });

  it("goes to CSV from the dashboard with the activity page's filters, one row per event", async () => {
    const { filename, body } = await roomActivityCsv(room, { link: janesLink.code, kind: "document_viewed" });
    expect(filename).toBe("Series A-activity.csv");
    const [header, ...rows] = body.trimEnd().split("\r\n");
    expect(header).toBe("at,kind,email,link_code,link_name,group_name,index,short_code,title,pages,seconds,agreement_text,documents_count");
    expect(rows).toEqual([
      expect.stringMatching(
        new RegExp(`^[^,]+,document_viewed,jane@fund-a.example,${janesLink.code},Jane at Fund A,Fund A,1.1,s-${deck.code},Deck,1,2,,$`),
      ),
    ]);
    expect((await roomActivityCsv(room, {})).body.trimEnd().split("\r\n")).toHaveLength(9);
  });

  it("records a reader's question as question_asked, with its link and document", async () => {
    const found = await findPublicRoom(janesLink.code);
    if (found.state !== "active") throw new Error("Jane's link is not active");
    const inRoom = await roomDocument(found.share, deck.code);
    const question = await askQuestion(documentSubject(inRoom!), "jane@fund-a.example", { text: "Page 2?" }, "192.0.2.44");
    const { body } = await activity("?kind=question_asked");
    expect(body.activity).toEqual([
      expect.objectContaining({
        id: question.id,
        kind: "question_asked",
        email: "jane@fund-a.example",
        link: { code: janesLink.code, name: "Jane at Fund A" },
        document: expect.objectContaining({ short_code: `s-${deck.code}` }),
      }),
    ]);
  });
});
