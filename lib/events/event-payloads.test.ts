import { randomBytes } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { anyReader, noReaderCap } from "../../test/support/fixtures";
import { db } from "../db/client";
import { EVENT_KINDS, eventEnvelopeSchema, type EventKind } from "../schemas/events";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import type { Access } from "../viewer/access";
import { ingestBatch } from "../viewer/ingest-batch";
import { passGate } from "../viewer/pass-gate";
import { recordDownload } from "../viewer/record-download";

afterEach(() => setClockOffset(0));

it("records every event kind, from TypeScript and from the ingest statement's SQL alike, in the shape its schema describes", async () => {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner.id, "Events", 2, { email_gate: false });
  const browser = randomBytes(12).toString("base64url");
  const open: Access = {
    passwordOk: true,
    gatePassed: true,
    gateViewerId: null,
    agreementAccepted: true,
    agreementDue: false,
    readablePages: 2,
    fullFile: true,
    canDownload: true,
  };
  const { viewerId } = await passGate(doc, { email: "reader@acme.com", name: "Reader" }, browser, anyReader);
  const read = { ...open, gateViewerId: viewerId };
  const batch = (pages: Array<{ page: number; seconds: number }>, visit_id?: string) =>
    ingestBatch(doc, read, browser, { batch_id: `b_${randomBytes(8).toString("hex")}`, visit_id, pages }, noReaderCap);

  const first = await batch([{ page: 1, seconds: 12 }]);
  setClockOffset(20_000);
  await batch([{ page: 2, seconds: 15 }], first.visit_id ?? undefined);
  setClockOffset(25 * 3_600_000);
  await batch([{ page: 1, seconds: 3 }]);
  await recordDownload(doc, read, browser, anyReader);

  const events = await db.event.findMany({ where: { documentId: doc.id }, orderBy: { createdAt: "asc" } });
  expect(new Set(events.map((e) => e.type))).toEqual(new Set(EVENT_KINDS));
  for (const event of events) {
    const parsed = eventEnvelopeSchema(event.type as EventKind).safeParse(event.payload);
    expect(parsed.error?.issues ?? [], `${event.type}: ${JSON.stringify(event.payload)}`).toEqual([]);
  }
});
