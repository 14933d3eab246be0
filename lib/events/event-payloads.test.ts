import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { anyReader, noReaderCap, openAccess, ownerAccess, readerAddress, teamAccess } from "../../test/support/fixtures";
import { readInRoom, roomLinkOf, roomOf } from "../../test/support/room-reads";
import { config } from "../config";
import { uploadVersion } from "../versions/upload-version";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { newDocumentCode } from "../ids";
import { sharedDocument, type SharedDocument } from "../links/shared-document";
import { EVENT_KINDS, eventEnvelopeSchema, type EventKind } from "../schemas/events";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { ingestNow } from "../../test/support/ingest-now";
import { answerQuestion } from "../questions/answer-question";
import { askQuestion } from "../questions/ask-question";
import { documentSubject } from "../questions/question-subject";
import { passGate } from "../viewer/grants/pass-gate";
import { recordDownload } from "../viewer/tracking/record-download";

afterEach(() => setClockOffset(0));

/** A document given a second version, so both owner-caused kinds are there. */
async function sampleDocument(): Promise<Document> {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Events", 2, { email_gate: false });
  const file = path.join(config().DATA_DIR, `events-${randomBytes(6).toString("hex")}.pdf`);
  const bytes = await samplePdf(2, "Events, corrected");
  await writeFile(file, bytes);
  try {
    return (await uploadVersion(ownerAccess(owner), doc.code, { path: file, size: bytes.length, filename: "events-v2.pdf" })).document;
  } finally {
    await rm(file, { force: true });
  }
}

/** A reader who gives an email, reads every page, comes back a day later, downloads and asks a question the owner answers: every reader-caused kind. */
async function readEverything(shared: SharedDocument) {
  const browser = randomBytes(12).toString("base64url");
  const open = openAccess(2);
  const { viewerId } = await passGate(shared, { email: "reader@acme.com", name: "Reader" }, browser, readerAddress());
  const read = { ...open, gateViewerId: viewerId };
  const batch = (pages: Array<{ page: number; seconds: number }>, visit_id?: string) =>
    ingestNow(shared, read, browser, { batch_id: `b_${randomBytes(8).toString("hex")}`, visit_id, pages }, noReaderCap);

  setClockOffset(0);
  const first = await batch([{ page: 1, seconds: 12 }]);
  setClockOffset(20_000);
  await batch([{ page: 2, seconds: 15 }], first.visit_id ?? undefined);
  setClockOffset(25 * 3_600_000);
  await batch([{ page: 1, seconds: 3 }]);
  await recordDownload(shared, read, browser, anyReader);
  const question = await askQuestion(documentSubject(shared), "reader@acme.com", { text: "Page 2?", page: 2 }, readerAddress());
  await answerQuestion(teamAccess(shared.teamId, shared.createdById!, "owner"), question.id, { text: "Yes.", visibility: "room" });
}

/** The document's events, each checked against its kind's schema. */
async function parsedEvents(doc: Document) {
  const events = await db.event.findMany({ where: { documentId: doc.id }, orderBy: { createdAt: "asc" } });
  for (const event of events) {
    const parsed = eventEnvelopeSchema(event.type as EventKind).safeParse(event.payload);
    expect(parsed.error?.issues ?? [], `${event.type}: ${JSON.stringify(event.payload)}`).toEqual([]);
  }
  return events.map((e) => {
    const data = (e.payload as { data: { link: unknown; room?: unknown } }).data;
    return { type: e.type, link: data.link, room: data.room };
  });
}

it("records every event kind, from TypeScript and from the ingest statement's SQL alike, in the shape its schema describes", async () => {
  const doc = await sampleDocument();
  await readEverything(sharedDocument(doc, null));
  const events = await parsedEvents(doc);
  expect(new Set(events.map((e) => e.type))).toEqual(new Set(EVENT_KINDS));
  // Read through the document's own short code: every event names it, with no link name, and no room.
  for (const event of events) {
    expect(event.link, event.type).toEqual({ code: doc.code, name: null });
    expect(event.room, event.type).toBeUndefined();
  }
});

it("records every reader's event kind read through a link in the same shape, naming the link", async () => {
  const doc = await sampleDocument();
  const link = await db.link.create({ data: { documentId: doc.id, code: newDocumentCode(), name: "Sequoia — Jane" } });
  await readEverything(sharedDocument(doc, link));
  const events = await parsedEvents(doc);
  expect(new Set(events.map((e) => e.type))).toEqual(new Set(EVENT_KINDS));
  for (const event of events) {
    expect(event.link, event.type).toEqual(
      event.type === "document.uploaded" || event.type === "document.updated"
        ? { code: doc.code, name: null }
        : { code: link.code, name: "Sequoia — Jane" },
    );
  }
});

it("records every reader's event kind read in a data room in the same shape, naming the room whichever room link was opened", async () => {
  const doc = await sampleDocument();
  const room = await roomOf(doc.teamId, "Series A", [doc]);
  const link = await roomLinkOf(room, "Sequoia — Jane");
  await readEverything(readInRoom(doc, room, link));
  const events = await parsedEvents(doc);
  expect(new Set(events.map((e) => e.type))).toEqual(new Set(EVENT_KINDS));
  for (const event of events) {
    const ownersChange = event.type === "document.uploaded" || event.type === "document.updated";
    expect(event.room, event.type).toEqual(ownersChange ? undefined : { id: room.id, name: "Series A", code: room.code });
    // A room's read has no link of the document: docs/api-contract.md's link is the document's own code.
    expect(event.link, event.type).toEqual({ code: doc.code, name: null });
  }
});
