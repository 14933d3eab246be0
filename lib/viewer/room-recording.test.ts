import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { noReaderCap, openAccess } from "../../test/support/fixtures";
import { readInRoom, roomLinkOf, roomOf } from "../../test/support/room-reads";
import { db } from "../db/client";
import type { Document, Room, RoomLink } from "../generated/prisma/client";
import { sharedDocument } from "../links/shared-document";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { ingestBatch } from "./ingest-batch";

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
    await ingestBatch(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    await ingestBatch(readInRoom(doc, room), open, randomBytes(12).toString("base64url"), batch(), noReaderCap);
    expect((await visits()).map((v) => [v.roomId, v.roomLinkId, v.linkId])).toEqual([
      [room.id, linkA.id, null],
      [room.id, null, null],
    ]);
  });

  it("belongs to one room link: the same reader through another one, or outside the room, starts a new visit", async () => {
    const first = await ingestBatch(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    setClockOffset(10_000);
    const same = await ingestBatch(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    expect(same.visit_id).toBe(first.visit_id);
    setClockOffset(20_000);
    const second = await ingestBatch(readInRoom(doc, room, linkB), open, browser, batch(), noReaderCap);
    setClockOffset(30_000);
    const third = await ingestBatch(readInRoom(doc, room), open, browser, batch(), noReaderCap);
    setClockOffset(40_000);
    const fourth = await ingestBatch(sharedDocument(doc, null), open, browser, batch(), noReaderCap);
    expect(new Set([first.visit_id, second.visit_id, third.visit_id, fourth.visit_id]).size).toBe(4);
    expect((await visits()).map((v) => [v.number, v.roomId, v.roomLinkId])).toEqual([
      [1, room.id, linkA.id],
      [2, room.id, linkB.id],
      [3, room.id, null],
      [4, null, null],
    ]);
    expect(new Set((await visits()).map((v) => v.viewerId)).size).toBe(1);
  });

  it("refuses a visit id started through another room link or outside the room", async () => {
    const inRoom = await ingestBatch(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    await expect(ingestBatch(readInRoom(doc, room, linkB), open, browser, batch(inRoom.visit_id!), noReaderCap)).rejects.toThrow(
      "Unknown visit",
    );
    const outside = await ingestBatch(sharedDocument(doc, null), open, randomBytes(12).toString("base64url"), batch(), noReaderCap);
    await expect(ingestBatch(readInRoom(doc, room), open, browser, batch(outside.visit_id!), noReaderCap)).rejects.toThrow("Unknown visit");
  });

  it("counts in the document's own figures, as any read of it does", async () => {
    await ingestBatch(readInRoom(doc, room, linkA), open, browser, batch(), noReaderCap);
    await ingestBatch(sharedDocument(doc, null), open, randomBytes(12).toString("base64url"), batch(), noReaderCap);
    expect(await db.document.findUniqueOrThrow({ where: { id: doc.id } })).toMatchObject({ views: 2, uniqueViewers: 2 });
  });
});
