import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addViewer } from "@/scripts/lib/activity";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { roomOf } from "@/test/support/room-reads";
import { recomputeAggregates } from "@/lib/analytics/recompute-aggregates";
import { createApiKey } from "@/lib/auth/api-keys";
import { contactsCsv } from "@/lib/dashboard/contacts-csv";
import { db } from "@/lib/db/client";
import type { Room } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";

const contactsRoute = routeAt("/api/v1/contacts");
const contactRoute = routeAt("/api/v1/contacts/{email}");

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let key: string;
let readOnlyKey: string;
let otherTeamsKey: string;
let teamId: string;
let room: Room;
let start: number;

const list = async (query = "", as = key) => {
  const { status, body } = await callApiRoute(contactsRoute.GET, { key: as, path: `/api/v1/contacts${query}` });
  return { status, body: body! };
};
const emails = async (query = "") => (await list(query)).body.contacts.map((c: Json) => c.email);
const detail = async (email: string, as = key) => {
  const { status, body } = await callApiRoute(contactRoute.GET, {
    key: as,
    path: `/api/v1/contacts/${encodeURIComponent(email)}`,
    params: { email },
  });
  return { status, body: body! };
};

/**
 * Team A shares a 4-page deck and a room holding a 2-page memo. Jane (acme.com) reads the whole deck
 * closely 3 hours ago, downloads it, gives her email at its gate, enters the room and reads the memo
 * there an hour ago; Bob (globex.io) spends 5 minutes on the deck's first page 2 days ago; Ann
 * (acme.com) gave her email at the room's gate 10 days ago and read nothing; an anonymous reader
 * read the deck. Team B's reader Carl (acme.com) read B's own document.
 */
beforeAll(async () => {
  const owner = await createUser({ email: `contacts-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const stranger = await createUser({ email: `contacts-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  teamId = owner.personalTeamId;
  key = (await createApiKey({ teamId, userId: owner.id }, "contacts")).key;
  readOnlyKey = (await createApiKey({ teamId, userId: owner.id }, "read only", "read")).key;
  otherTeamsKey = (await createApiKey({ teamId: stranger.personalTeamId, userId: stranger.id }, "other")).key;
  const deck = await createSampleDocument(owner, "Deck", 4, { email_gate: false });
  const memo = await createSampleDocument(owner, "Memo", 2, { email_gate: false });
  const othersDoc = await createSampleDocument(stranger, "B's deck", 2, { email_gate: false });
  room = await roomOf(teamId, "Series A", [memo]);
  start = Date.now();
  const at = (ago: number) => new Date(start - ago);

  const closely: Array<[number, number]> = [1, 2, 3, 4].map((page) => [page, 15]);
  await addViewer(deck.id, {
    email: "jane@acme.com",
    name: "Jane Doe",
    visits: [{ startedAt: at(3 * HOUR), pages: closely, downloaded: true }],
    leadAt: at(3 * HOUR + 1000),
  });
  const janesMemo = await addViewer(memo.id, { email: "jane@acme.com", visits: [{ startedAt: at(HOUR), pages: [[1, 20]] }] });
  await db.visit.updateMany({ where: { viewerId: janesMemo }, data: { roomId: room.id } });
  await db.roomLead.create({
    data: { roomId: room.id, email: "jane@acme.com", name: "Jane Doe", companyDomain: "acme.com", capturedAt: at(HOUR + MINUTE) },
  });
  await addViewer(deck.id, { email: "bob@globex.io", name: "Bobby Tables", visits: [{ startedAt: at(2 * DAY), pages: [[1, 300]] }] });
  await addViewer(deck.id, { visits: [{ startedAt: at(MINUTE * 5), pages: [[1, 40]] }] });
  await db.roomLead.create({
    data: { roomId: room.id, email: "ann@acme.com", name: "Ann", companyDomain: "acme.com", capturedAt: at(10 * DAY) },
  });
  await addViewer(othersDoc.id, { email: "carl@acme.com", visits: [{ startedAt: at(MINUTE), pages: [[1, 30]] }] });
  await recomputeAggregates([deck.id, memo.id, othersDoc.id]);
});

describe("GET /api/v1/contacts", () => {
  it("lists everyone who gave an email across documents and rooms, most recently active first, with their figures", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.contacts.map((c: Json) => c.email)).toEqual(["jane@acme.com", "bob@globex.io", "ann@acme.com"]);
    expect(body.contacts[0]).toEqual({
      email: "jane@acme.com",
      name: "Jane Doe",
      company_domain: "acme.com",
      documents_read: 2,
      rooms_read: 1,
      visits: 2,
      total_time_seconds: 80,
      first_seen_at: new Date(start - 3 * HOUR - 1000).toISOString(),
      last_active_at: new Date(start - HOUR + 20_000).toISOString(),
      engagement_label: "High Interest",
      lead: true,
    });
    expect(body.contacts[1]).toMatchObject({ company_domain: "globex.io", engagement_label: "Skimmed", lead: false, rooms_read: 0 });
    expect(body.contacts[2]).toMatchObject({ documents_read: 0, rooms_read: 1, visits: 0, engagement_label: "Not Opened", lead: true });
    expect(body.pagination).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 });
  });

  it("sorts by total time and by engagement", async () => {
    expect(await emails("?sort=total_time")).toEqual(["bob@globex.io", "jane@acme.com", "ann@acme.com"]);
    expect(await emails("?sort=engagement")).toEqual(["jane@acme.com", "bob@globex.io", "ann@acme.com"]);
  });

  it("searches emails and names, filters by company and by last activity", async () => {
    expect(await emails("?search=ACME")).toEqual(["jane@acme.com", "ann@acme.com"]);
    expect(await emails("?search=bobby")).toEqual(["bob@globex.io"]);
    expect(await emails("?search=%25")).toEqual([]);
    expect(await emails("?company=Acme.com")).toEqual(["jane@acme.com", "ann@acme.com"]);
    expect(await emails(`?since=${new Date(start - 5 * DAY).toISOString()}`)).toEqual(["jane@acme.com", "bob@globex.io"]);
    expect(await emails("?company=acme.com&sort=engagement&search=ann")).toEqual(["ann@acme.com"]);
  });

  it("paginates, past the last page too", async () => {
    const second = await list("?per_page=2&page=2");
    expect(second.body.contacts.map((c: Json) => c.email)).toEqual(["ann@acme.com"]);
    expect(second.body.pagination).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    const past = await list("?per_page=2&page=9");
    expect(past.body.contacts).toEqual([]);
    expect(past.body.pagination.total).toBe(3);
  });

  it("refuses a bad sort or page in the error envelope", async () => {
    const bad = await list("?sort=loudest");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("bad_request");
    expect(bad.body.error.message).toMatch(/sort must be one of last_active, total_time, engagement/);
    expect((await list("?per_page=0")).status).toBe(400);
    for (const query of ["?search=a%00b", "?company=acme.com%00", `?search=${"x".repeat(321)}`, "?since=yesterday"]) {
      expect((await list(query)).status, query).toBe(400);
    }
  });

  it("answers a read-only key, and never shows another team's readers", async () => {
    expect((await list("", readOnlyKey)).status).toBe(200);
    const theirs = await list("", otherTeamsKey);
    expect(theirs.body.contacts.map((c: Json) => c.email)).toEqual(["carl@acme.com"]);
    expect(await emails("?search=carl")).toEqual([]);
  });
});

describe("GET /api/v1/contacts/{email}", () => {
  it("shows a person's timeline across the team's documents and rooms, newest first", async () => {
    const { status, body } = await detail("Jane@Acme.com");
    expect(status).toBe(200);
    expect(body.contact.email).toBe("jane@acme.com");
    expect(body.timeline.map((e: Json) => [e.kind, e.document?.title ?? null, e.room?.name ?? null])).toEqual([
      ["visit", "Memo", "Series A"],
      ["room_lead", null, "Series A"],
      ["download", "Deck", null],
      ["visit", "Deck", null],
      ["lead", "Deck", null],
    ]);
    expect(body.timeline[3]).toMatchObject({ pages_viewed: 4, total_time_seconds: 60, at: new Date(start - 3 * HOUR).toISOString() });
    expect(body.timeline[2]).toMatchObject({ pages_viewed: null, total_time_seconds: null });
  });

  it("answers 404 for an email the team never saw, another team's reader and a malformed one", async () => {
    for (const email of ["nobody@acme.com", "carl@acme.com", "not-an-email", "jane@acme.com\u0000", "jane\u0007@acme.com"]) {
      const { status, body } = await detail(email);
      expect(status, email).toBe(404);
      expect(body.error.code).toBe("not_found");
    }
    expect((await detail("jane@acme.com", otherTeamsKey)).status).toBe(404);
    expect((await detail("carl@acme.com", otherTeamsKey)).status).toBe(200);
    expect((await detail("ann@acme.com", readOnlyKey)).body.timeline.map((e: Json) => e.kind)).toEqual(["room_lead"]);
  });
});

describe("the contacts CSV", () => {
  it("holds every contact the filters keep, in the sort asked", async () => {
    const { filename, body } = await contactsCsv(teamId, { sort: "total_time", company: "acme.com", search: undefined, since: undefined });
    expect(filename).toBe("contacts.csv");
    const lines = body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "email,name,company_domain,documents_read,rooms_read,visits,total_time_seconds,first_seen_at,last_active_at,engagement_label,lead",
    );
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["jane@acme.com", "ann@acme.com"]);
    expect(lines[1]).toContain(",2,1,2,80,");
  });
});
