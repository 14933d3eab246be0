import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { noReaderCap, openAccess } from "@/test/support/fixtures";
import { readInRoom, roomLinkOf, roomOf } from "@/test/support/room-reads";
import type { Room } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";
import { ingestNow } from "@/test/support/ingest-now";
import { roomAnalyticsData } from "./room-analytics-data";

const newOwner = () => createUser({ email: `room-analytics-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

let owner: Awaited<ReturnType<typeof newOwner>>;
let room: Room;

/** A room of a deck and a memo; one browser reads the deck through Jane's link, another through the room's own code. */
beforeAll(async () => {
  owner = await newOwner();
  const deck = await createSampleDocument(owner, "Deck", 2, { email_gate: false });
  const memo = await createSampleDocument(owner, "Memo", 1, { email_gate: false });
  room = await roomOf(owner.personalTeamId, "Series A", [deck, memo]);
  const jane = await roomLinkOf(room, "Jane");
  for (const [shared, seconds] of [
    [readInRoom(deck, room, jane), 10],
    [readInRoom(deck, room), 4],
  ] as const) {
    const batch = { batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 1, seconds }] };
    await ingestNow(shared, openAccess(shared.pageCount), randomBytes(12).toString("base64url"), batch, noReaderCap);
  }
});

describe("roomAnalyticsData", () => {
  it("gives the room's totals and each document's reads, its bar scaled to the most read document", async () => {
    const { totals, documents } = await roomAnalyticsData(owner.personalTeamId, room.id, 1);
    expect(totals).toMatchObject({ views: 2, viewers: 2, leads: 0, totalTimeSeconds: 14, avgTimeSeconds: 7 });
    expect(documents.map((d) => [d.title, d.views, d.viewers, d.share])).toEqual([
      ["Deck", 2, 2, 1],
      ["Memo", 0, 0, 0],
    ]);
  });

  it("names each link by its recipient, and the room's own code as the default link", async () => {
    const { links, visitors } = await roomAnalyticsData(owner.personalTeamId, room.id, 1);
    expect(links.map((l) => l.name).sort()).toEqual(["Default link", "Jane"]);
    expect(visitors.map((v) => [v.label, v.links, v.documents.map((d) => [d.title, d.seconds])]).sort()).toEqual([
      ["Anonymous reader", ["Default link"], [["Deck", 4]]],
      ["Anonymous reader", ["Jane"], [["Deck", 10]]],
    ]);
  });

  it("links to the room's viewers CSV", async () => {
    expect((await roomAnalyticsData(owner.personalTeamId, room.id, 1)).csvHref).toBe(`/api/dashboard/rooms/${room.id}/viewers.csv`);
  });

  it("refuses another team's room as not found", async () => {
    const other = await newOwner();
    await expect(roomAnalyticsData(other.personalTeamId, room.id, 1)).rejects.toMatchObject({ code: "not_found" });
  });
});
