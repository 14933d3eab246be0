import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { noReaderCap, openAccess } from "../../../test/support/fixtures";
import { readInRoom, roomLinkOf, roomOf } from "../../../test/support/room-reads";
import { db } from "../../db/client";
import type { Document, Room, RoomLink } from "../../generated/prisma/client";
import { sharedDocument } from "../../links/shared-document";
import { setClockOffset } from "../../time";
import { createUser } from "../../users/create-user";
import { ingestNow } from "../../../test/support/ingest-now";

const open = openAccess(3);
const batch = (visit_id?: string) => ({ batch_id: `b_${randomBytes(8).toString("hex")}`, visit_id, pages: [{ page: 1, seconds: 4 }] });

let doc: Document;
let room: Room;
let linkA: RoomLink;
let linkB: RoomLink;
let browser: string;
beforeEach(async () => {
  setClockOffset(0);
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner, "In a room", 3, { email_gate: false });
  room = await roomOf(doc.teamId, "Series A", [doc]);
  [linkA, linkB] = await Promise.all([roomLinkOf(room, "Sequoia — Jane"), roomLinkOf(room, "Accel — Sam")]);
  browser = randomBytes(12).toString("base64url");
});
afterEach(() => setClockOffset(0));

const visits = () => db.visit.findMany({ where: { documentId: doc.id }, orderBy: { number: "asc" } });

describe("a visit read in a data room", () => {
  it("records the room and the room link opened, no room link for the room's own code, and no document link", async () => {
    await ingestNow(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    await ingestNow(readInRoom(doc, room), open, randomBytes(12).toString("base64url"), batch(), noReaderCap);
    expect((await visits()).map((v) => [v.roomId, v.roomLinkId, v.linkId])).toEqual([
      [room.id, linkA.id, null],
      [room.id, null, null],
    ]);
  });

  it("belongs to one room link: the same reader through another one, or outside the room, starts a new visit", async () => {
    const first = await ingestNow(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    setClockOffset(10_000);
    const same = await ingestNow(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    expect(same.visit_id).toBe(first.visit_id);
    setClockOffset(20_000);
    const second = await ingestNow(readInRoom(doc, room, linkB), open, browser, batch(), noReaderCap);
    setClockOffset(30_000);
    const third = await ingestNow(readInRoom(doc, room), open, browser, batch(), noReaderCap);
    setClockOffset(40_000);
    const fourth = await ingestNow(sharedDocument(doc, null), open, browser, batch(), noReaderCap);
    expect(new Set([first.visit_id, second.visit_id, third.visit_id, fourth.visit_id]).size).toBe(4);
    expect((await visits()).map((v) => [v.number, v.roomId, v.roomLinkId])).toEqual([
      [1, room.id, linkA.id],
      [2, room.id, linkB.id],
      [3, room.id, null],
      [4, null, null],
    ]);
    expect(new Set((await visits()).map((v) => v.viewerId)).size).toBe(1);
  });

  it("never continues a visit started through another room link or outside the room, even when the beacon names it", async () => {
    const inRoom = await ingestNow(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    const viaLinkB = await ingestNow(readInRoom(doc, room, linkB), open, browser, batch(inRoom.visit_id!), noReaderCap);
    expect(viaLinkB.visit_id).not.toBe(inRoom.visit_id);
    const outside = await ingestNow(sharedDocument(doc, null), open, randomBytes(12).toString("base64url"), batch(), noReaderCap);
    const inRoomNamingOutside = await ingestNow(readInRoom(doc, room), open, browser, batch(outside.visit_id!), noReaderCap);
    expect([outside.visit_id, inRoom.visit_id, viaLinkB.visit_id]).not.toContain(inRoomNamingOutside.visit_id);
    expect(await db.visit.findUniqueOrThrow({ where: { id: outside.visit_id! } })).toMatchObject({ roomId: null, roomLinkId: null });
  });

  it("counts in the document's own figures, as any read of it does", async () => {
    await ingestNow(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    await ingestNow(sharedDocument(doc, null), open, randomBytes(12).toString("base64url"), batch(), noReaderCap);
    expect(await db.document.findUniqueOrThrow({ where: { id: doc.id } })).toMatchObject({ views: 2, uniqueViewers: 2 });
  });
});
