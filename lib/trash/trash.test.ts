import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createSampleDocument, uploadSampleVersion } from "../../scripts/lib/demo-data";
import { noReaderCap, openAccess, ownerAccess, readerAddress } from "../../test/support/fixtures";
import { ingestNow } from "../../test/support/ingest-now";
import { documentStats } from "../analytics/document-stats";
import { db } from "../db/client";
import { deleteDocument } from "../documents/delete-document";
import { findOwnedDocument } from "../documents/find-document";
import { purgeDocument } from "../documents/purge-document";
import { restoreDocument } from "../documents/restore-document";
import { createLink } from "../links/create-link";
import { addRoomDocument } from "../rooms/add-room-document";
import { createFolder } from "../rooms/create-folder";
import { createRoom } from "../rooms/create-room";
import { createRoomLink } from "../rooms/create-room-link";
import { deleteRoom } from "../rooms/delete-room";
import { findOwnedRoom } from "../rooms/find-room";
import { restoreRoom } from "../rooms/restore-room";
import { roomDetail } from "../rooms/room-contents";
import { TRASH_DAYS } from "../rules/trash";
import { storage } from "../storage";
import { sweepOrphanedObjects } from "../storage/sweep-orphans";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { listVersions } from "../versions/list-versions";
import { findRoomAt } from "../viewer/doors/open-room-door";
import { openDoor } from "../viewer/doors/open-door";
import { deleteForever } from "./delete-forever";
import { listTrash } from "./list-trash";
import { sweepTrash } from "./sweep-trash";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

afterEach(() => setClockOffset(0));

const newOwner = () =>
  createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough", name: "Ana Ruiz" });
const filesOf = async (documentId: string) => (await storage().list(`documents/${documentId}/`)).map((o) => o.key).sort();
const doorState = async (code: string) => (await openDoor("page", code, readerAddress())).found?.state;
const roomState = async (code: string) => (await findRoomAt("page", code, null)).state;
const auditOf = (teamId: string, action: string) =>
  db.auditEntry.findMany({ where: { teamId, action }, select: { targetId: true, actorUserId: true, details: true } });

/** A document with two versions, a link, a reading and a place in a room: everything a restore must bring back. */
async function richDocument() {
  const owner = await newOwner();
  const as = ownerAccess(owner);
  const first = await createSampleDocument(owner, "Series A deck", 3, { email_gate: false });
  const doc = await uploadSampleVersion(owner, first, 2);
  const link = await createLink(as, doc, { name: "For Acme" });
  await ingestNow(
    doc,
    openAccess(2),
    randomBytes(12).toString("base64url"),
    { batch_id: `b_${randomBytes(6).toString("hex")}`, pages: [{ page: 1, seconds: 4 }] },
    noReaderCap,
  );
  const room = await createRoom(as, { name: "Data room" });
  await addRoomDocument(as, room, { short_code: `s-${doc.code}` });
  const fresh = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
  return { owner, as, doc: fresh, code: `s-${doc.code}`, link, room };
}

async function snapshot(d: Awaited<ReturnType<typeof richDocument>>) {
  return {
    versions: await listVersions(d.as.teamId, d.code),
    stats: await documentStats(d.doc, { since: undefined, until: undefined }),
    files: await filesOf(d.doc.id),
    roomDocuments: (await roomDetail(d.room)).documents.map((entry) => entry.short_code),
  };
}

describe("the Trash: a deleted document", () => {
  it("keeps its rows and every file, even through the orphan sweep, and a restore brings back its links, versions, analytics and room place", async () => {
    const d = await richDocument();
    const before = await snapshot(d);
    expect(before.versions.versions).toHaveLength(2);
    expect(before.stats.views).toBe(1);
    expect(before.roomDocuments).toEqual([d.code]);

    await deleteDocument(d.as, d.code);
    await expect(findOwnedDocument(d.as.teamId, d.code)).rejects.toMatchObject({ status: 404 });
    expect(await doorState(d.link.code)).toBe("gone");
    expect((await roomDetail(d.room)).documents).toEqual([]);
    expect(await listTrash(d.as.teamId)).toEqual([
      expect.objectContaining({ kind: "document", id: d.code, title: "Series A deck", deletedBy: "Ana Ruiz", daysLeft: TRASH_DAYS }),
    ]);

    // Files of the first version are not the current one's: an orphan sweep must still keep them.
    setClockOffset(2 * HOUR);
    await sweepOrphanedObjects(HOUR);
    expect(await filesOf(d.doc.id)).toEqual(before.files);

    await restoreDocument(d.as, d.code);
    expect(await doorState(d.link.code)).toBe("active");
    expect(await doorState(d.doc.code)).toBe("active");
    expect(await snapshot(d)).toEqual(before);
    expect(await db.document.findUniqueOrThrow({ where: { id: d.doc.id } })).toMatchObject({
      isActive: true,
      deletedAt: null,
      deletedById: null,
    });
    expect(await listTrash(d.as.teamId)).toEqual([]);
    expect(await auditOf(d.as.teamId, "document.restored")).toEqual([{ targetId: d.code, actorUserId: d.owner.id, details: {} }]);
  });

  it("is restored or deleted forever only from the Trash: a live document is 404 to both and stays as it is", async () => {
    const owner = await newOwner();
    const doc = await createSampleDocument(owner, "Live", 1, { email_gate: false });
    const code = `s-${doc.code}`;
    await expect(restoreDocument(ownerAccess(owner), code)).rejects.toMatchObject({ status: 404 });
    await expect(deleteForever(ownerAccess(owner), { kind: "document", id: code })).rejects.toMatchObject({ status: 404 });
    const stranger = await newOwner();
    await deleteDocument(ownerAccess(owner), code);
    await expect(restoreDocument(ownerAccess(stranger), code)).rejects.toMatchObject({ status: 404 });
    await expect(deleteForever(ownerAccess(stranger), { kind: "document", id: code })).rejects.toMatchObject({ status: 404 });
    expect(await db.document.count({ where: { id: doc.id } })).toBe(1);
  });

  it("is deleted forever at once by an admin: rows and files, with an audit entry; a second time is 404", async () => {
    const d = await richDocument();
    await deleteDocument(d.as, d.code);
    await deleteForever(d.as, { kind: "document", id: d.code });
    expect(await db.document.count({ where: { id: d.doc.id } })).toBe(0);
    expect(await db.documentVersion.count({ where: { documentId: d.doc.id } })).toBe(0);
    expect(await db.link.count({ where: { documentId: d.doc.id } })).toBe(0);
    expect(await db.visit.count({ where: { documentId: d.doc.id } })).toBe(0);
    expect(await filesOf(d.doc.id)).toEqual([]);
    expect(await doorState(d.link.code)).toBe("missing");
    expect(await auditOf(d.as.teamId, "document.purged")).toEqual([{ targetId: d.code, actorUserId: d.owner.id, details: {} }]);
    await expect(deleteForever(d.as, { kind: "document", id: d.code })).rejects.toMatchObject({ status: 404 });
  });

  it("is either restored or deleted for good when both happen at once, never half of each (20 rounds)", async () => {
    const owner = await newOwner();
    const as = ownerAccess(owner);
    for (let round = 0; round < 20; round++) {
      const doc = await createSampleDocument(owner, `Race ${round}`, 1, { email_gate: false });
      const code = `s-${doc.code}`;
      await deleteDocument(as, code);
      const [restored, purged] = await Promise.allSettled([restoreDocument(as, code), purgeDocument(as, code, new Date())]);
      const row = await db.document.findUnique({ where: { id: doc.id } });
      if (restored.status === "fulfilled") {
        expect(purged).toEqual({ status: "fulfilled", value: false });
        expect(row).toMatchObject({ deletedAt: null });
        expect(await filesOf(doc.id)).not.toEqual([]);
      } else {
        expect(purged).toEqual({ status: "fulfilled", value: true });
        expect(row).toBeNull();
      }
    }
  });
});

describe("the Trash: a deleted room", () => {
  it("comes back as it was: its folders, documents and links; its codes open again", async () => {
    const owner = await newOwner();
    const as = ownerAccess(owner);
    const doc = await createSampleDocument(owner, "In the room", 1, { email_gate: false });
    const room = await createRoom(as, { name: "Deal room", settings: { gate_type: "none" } });
    const folder = await createFolder(as, room, { name: "Legal" });
    await addRoomDocument(as, room, { short_code: `s-${doc.code}`, folder_id: folder.id });
    const link = await createRoomLink(as, room, { name: "Bidder" });
    const before = await roomDetail(room);

    await deleteRoom(as, room);
    await expect(findOwnedRoom(as.teamId, room.id)).rejects.toMatchObject({ status: 404 });
    expect([await roomState(room.code), await roomState(link.code)]).toEqual(["gone", "gone"]);
    expect(await listTrash(as.teamId)).toEqual([
      expect.objectContaining({ kind: "room", id: room.id, title: "Deal room", summary: "1 document · 1 link" }),
    ]);

    await restoreRoom(as, room.id);
    const back = await findOwnedRoom(as.teamId, room.id);
    expect(await roomDetail(back)).toEqual(before);
    expect([await roomState(room.code), await roomState(link.code)]).toEqual(["active", "active"]);
    expect(await auditOf(as.teamId, "room.restored")).toEqual([{ targetId: room.id, actorUserId: owner.id, details: { code: room.code } }]);
  });
});

describe(`the sweep, ${TRASH_DAYS} days after a deletion`, () => {
  it("deletes for good what has been in the Trash that long, rows and files, and keeps what has not (the clock moved, not waited for)", async () => {
    // This test counts what one sweep deletes: it starts with no one else's Trash.
    await db.document.deleteMany({ where: { deletedAt: { not: null } } });
    await db.room.deleteMany({ where: { deletedAt: { not: null } } });
    const start = Date.now();
    const old = await richDocument();
    const young = await createSampleDocument(old.owner, "Deleted later", 1, { email_gate: false });
    const live = await createSampleDocument(old.owner, "Never deleted", 1, { email_gate: false });
    const roomLink = await createRoomLink(old.as, old.room, { name: "Bidder" });
    await deleteDocument(old.as, old.code);
    await deleteRoom(old.as, old.room);
    setClockOffset(2 * DAY);
    await deleteDocument(old.as, `s-${young.code}`);

    setClockOffset(TRASH_DAYS * DAY - HOUR);
    expect(await sweepTrash()).toEqual({ documents: 0, rooms: 0 });
    expect(await db.document.count({ where: { id: old.doc.id } })).toBe(1);

    setClockOffset(TRASH_DAYS * DAY + Date.now() - start);
    expect(await sweepTrash()).toEqual({ documents: 1, rooms: 1 });
    expect(await db.document.count({ where: { id: old.doc.id } })).toBe(0);
    expect(await db.documentVersion.count({ where: { documentId: old.doc.id } })).toBe(0);
    expect(await db.link.count({ where: { documentId: old.doc.id } })).toBe(0);
    expect(await db.viewer.count({ where: { documentId: old.doc.id } })).toBe(0);
    expect(await filesOf(old.doc.id)).toEqual([]);
    expect(await db.room.count({ where: { id: old.room.id } })).toBe(0);
    expect(await db.roomLink.count({ where: { id: roomLink.id } })).toBe(0);
    expect(await roomState(old.room.code)).toBe("missing");

    // Deleted two days later: two days left. Never deleted: untouched, files and all.
    expect(await listTrash(old.as.teamId)).toEqual([expect.objectContaining({ id: `s-${young.code}`, daysLeft: 2 })]);
    expect(await filesOf(young.id)).not.toEqual([]);
    expect(await doorState(live.code)).toBe("active");
    expect(await filesOf(live.id)).not.toEqual([]);

    const purges = await db.auditEntry.findMany({ where: { teamId: old.as.teamId, action: { in: ["document.purged", "room.purged"] } } });
    expect(purges.map((e) => [e.action, e.targetId, e.actorUserId, e.details])).toEqual(
      expect.arrayContaining([
        ["document.purged", old.code, null, { trash_days: TRASH_DAYS }],
        ["room.purged", old.room.id, null, { code: old.room.code, trash_days: TRASH_DAYS }],
      ]),
    );
    expect(purges).toHaveLength(2);
    expect(await sweepTrash()).toEqual({ documents: 0, rooms: 0 });
  });
});
