import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { anyReader, noReaderCap, openAccess, readerAddress } from "../../../test/support/fixtures";
import { db } from "../../db/client";
import type { Document, Link } from "../../generated/prisma/client";
import { newDocumentCode } from "../../ids";
import { sharedDocument, type SharedDocument } from "../../links/shared-document";
import { setClockOffset } from "../../time";
import { createUser } from "../../users/create-user";
import { ingestNow } from "../../../test/support/ingest-now";
import { passGate } from "../grants/pass-gate";
import { recordDownload } from "./record-download";

const open = openAccess(3);
const batch = (visit_id?: string) => ({ batch_id: `b_${randomBytes(8).toString("hex")}`, visit_id, pages: [{ page: 1, seconds: 4 }] });

let doc: Document;
let viaA: SharedDocument;
let viaB: SharedDocument;
let own: SharedDocument;
let linkA: Link;
let browser: string;
beforeEach(async () => {
  setClockOffset(0);
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner, "Recorded", 3, { email_gate: false });
  linkA = await db.link.create({ data: { documentId: doc.id, code: newDocumentCode(), name: "Sequoia — Jane" } });
  const linkB = await db.link.create({ data: { documentId: doc.id, code: newDocumentCode(), name: "Accel — Sam" } });
  viaA = sharedDocument(doc, linkA);
  viaB = sharedDocument(doc, linkB);
  own = sharedDocument(doc, null);
  browser = randomBytes(12).toString("base64url");
});
afterEach(() => setClockOffset(0));

const payloads = async (type: string) =>
  (await db.event.findMany({ where: { documentId: doc.id, type }, orderBy: { createdAt: "asc" } })).map(
    (e) => e.payload as { data: { link: unknown } },
  );

describe("a reader's visits", () => {
  it("record the link they came through, or none for the document's own code", async () => {
    const throughLink = await ingestNow(viaA, open, browser, batch(), noReaderCap);
    const otherBrowser = randomBytes(12).toString("base64url");
    const throughOwnCode = await ingestNow(own, open, otherBrowser, batch(), noReaderCap);
    expect(await db.visit.findUniqueOrThrow({ where: { id: throughLink.visit_id! } })).toMatchObject({ linkId: linkA.id });
    expect(await db.visit.findUniqueOrThrow({ where: { id: throughOwnCode.visit_id! } })).toMatchObject({ linkId: null });
  });

  it("belong to one link: reading through another link starts a new visit of the same viewer", async () => {
    const first = await ingestNow(viaA, open, browser, batch(), noReaderCap);
    setClockOffset(10_000);
    const second = await ingestNow(viaB, open, browser, batch(), noReaderCap);
    expect(second.visit_id).not.toBe(first.visit_id);
    const visits = await db.visit.findMany({ where: { documentId: doc.id }, orderBy: { number: "asc" } });
    expect(visits.map((v) => [v.number, v.linkId])).toEqual([
      [1, linkA.id],
      [2, viaB.link!.id],
    ]);
    expect(new Set(visits.map((v) => v.viewerId)).size).toBe(1);
    // The same link within the idle time continues its visit, as before.
    setClockOffset(20_000);
    expect((await ingestNow(viaB, open, browser, batch(), noReaderCap)).visit_id).toBe(second.visit_id);
  });

  it("never continue a visit started through another link, even when the beacon names it", async () => {
    const first = await ingestNow(viaA, open, browser, batch(), noReaderCap);
    setClockOffset(10_000);
    const viaLinkB = await ingestNow(viaB, open, browser, batch(first.visit_id!), noReaderCap);
    const viaOwnCode = await ingestNow(own, open, browser, batch(first.visit_id!), noReaderCap);
    expect(new Set([first.visit_id, viaLinkB.visit_id, viaOwnCode.visit_id]).size).toBe(3);
    const visits = await db.visit.findMany({ where: { documentId: doc.id }, orderBy: { number: "asc" } });
    expect(visits.map((v) => v.linkId)).toEqual([linkA.id, viaB.link!.id, null]);
  });

  it("carry their link in the events the ingest statement records", async () => {
    await ingestNow(viaA, open, browser, batch(), noReaderCap);
    setClockOffset(1_000);
    await ingestNow(own, open, randomBytes(12).toString("base64url"), batch(), noReaderCap);
    expect((await payloads("document.viewed")).map((p) => p.data.link)).toEqual([
      { code: linkA.code, name: "Sequoia — Jane" },
      { code: doc.code, name: null },
    ]);
  });
});

describe("a lead", () => {
  it("records the link it was captured through, with the link in lead.captured", async () => {
    await passGate(viaA, { email: "jane@sequoia.com" }, browser, readerAddress());
    setClockOffset(1_000);
    await passGate(own, { email: "sam@accel.com" }, randomBytes(12).toString("base64url"), readerAddress());
    const leads = await db.lead.findMany({ where: { documentId: doc.id }, orderBy: { email: "asc" } });
    expect(leads.map((l) => [l.email, l.linkId])).toEqual([
      ["jane@sequoia.com", linkA.id],
      ["sam@accel.com", null],
    ]);
    expect((await payloads("lead.captured")).map((p) => p.data.link)).toEqual([
      { code: linkA.code, name: "Sequoia — Jane" },
      { code: doc.code, name: null },
    ]);
  });

  it("stays the first link's when the same email passes another link's gate", async () => {
    await passGate(viaA, { email: "jane@sequoia.com" }, browser, readerAddress());
    await passGate(viaB, { email: "jane@sequoia.com" }, browser, readerAddress());
    expect(await db.lead.findMany({ where: { documentId: doc.id }, select: { linkId: true } })).toEqual([{ linkId: linkA.id }]);
  });
});

describe("a download", () => {
  it("records the link it came through, with the link in document.downloaded", async () => {
    await ingestNow(viaA, open, browser, batch(), noReaderCap);
    expect(await recordDownload(viaA, open, browser, anyReader)).toBe(true);
    setClockOffset(1_000);
    expect(await recordDownload(own, open, randomBytes(12).toString("base64url"), anyReader)).toBe(true);
    const downloads = await db.download.findMany({ where: { documentId: doc.id }, orderBy: { createdAt: "asc" } });
    expect(downloads.map((d) => d.linkId)).toEqual([linkA.id, null]);
    expect((await payloads("document.downloaded")).map((p) => p.data.link)).toEqual([
      { code: linkA.code, name: "Sequoia — Jane" },
      { code: doc.code, name: null },
    ]);
  });
});
