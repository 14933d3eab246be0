import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { readerAddress } from "../../test/support/fixtures";
import { shownStrings } from "../../test/support/pdf-page-text";
import { config, reloadConfig } from "../config";
import { ApiError } from "../errors";
import { pdfJobsInProgress } from "../pdf/run-pdf-job";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { storage } from "../storage";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { sharedDocument } from "../links/shared-document";
import { gateGrant, resolveAccess } from "./access";
import { ingestBatch } from "./ingest-batch";
import { NEW_VIEWERS_PER_ADDRESS_PER_HOUR, newViewerLimit } from "./limits";
import { passGate } from "./pass-gate";
import { ANONYMOUS_READER, fillWatermark, readerWatermark } from "./watermark";
import { watermarkedCopy } from "./watermark-download";

const beacon = () => ({ batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 1, seconds: 2 }] });
const TEMPLATE = "Confidential · {email} · {date} · {ip}";

let doc: Document;
beforeEach(async () => {
  setClockOffset(0);
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner.id, "Watermark test", 3);
  doc = await db.document.update({ where: { id: doc.id }, data: { watermark: TEMPLATE } });
});
afterEach(() => setClockOffset(0));

/** What a browser with no grant may do. */
const anonymous = () => resolveAccess(sharedDocument(doc, null), {});

/** What a browser that passed the gate of `document` as `email` may do, from its real grant cookies. */
async function passedAs(document: Document, email: string) {
  const browser = randomBytes(12).toString("base64url");
  const shared = sharedDocument(document, null);
  const pass = await passGate(shared, { email }, browser, readerAddress());
  const gate = gateGrant(shared, browser, { ...pass, verified: false });
  return (settings: Document = document) => resolveAccess(sharedDocument(settings, null), { browser, gate });
}

describe("the watermark a reader gets", () => {
  it("fills every field, as often as the template names it", () => {
    expect(fillWatermark("{email} {date} {ip} {email}", { email: "jane@acme.com", date: "2026-11-23", ip: "203.0.113.7" })).toBe(
      "jane@acme.com 2026-11-23 203.0.113.7 jane@acme.com",
    );
  });

  it("is none when the document sets none", async () => {
    const plain = await db.document.update({ where: { id: doc.id }, data: { watermark: null } });
    expect(readerWatermark(plain, (await passedAs(plain, "jane@acme.com"))(), "203.0.113.7")).toBeNull();
  });

  it("names the email of the gate grant, the day of reading in UTC and the client address", async () => {
    setClockOffset(Date.parse("2031-02-03T23:30:00Z") - Date.now());
    const access = (await passedAs(doc, "jane@acme.com"))();
    expect(readerWatermark(doc, access, "203.0.113.7")).toBe("Confidential · jane@acme.com · 2031-02-03 · 203.0.113.7");
  });

  it("names the grant's email even when the reader's address had spent its new-readers allowance on anonymous beacons", async () => {
    const from = readerAddress();
    for (let i = 0; i <= NEW_VIEWERS_PER_ADDRESS_PER_HOUR; i++) {
      await ingestBatch(
        sharedDocument(doc, null),
        anonymous(),
        randomBytes(12).toString("base64url"),
        beacon(),
        newViewerLimit(doc.id, from),
      );
    }
    const browser = randomBytes(12).toString("base64url");
    const shared = sharedDocument(doc, null);
    const pass = await passGate(shared, { email: "jane@acme.com" }, browser, from);
    const access = resolveAccess(shared, { browser, gate: gateGrant(shared, browser, { ...pass, verified: false }) });
    expect(readerWatermark(doc, access, from)).toContain("· jane@acme.com ·");
  });

  it("says anonymous before the gate is passed, and for a grant of a reader the owner has since blocked", async () => {
    expect(readerWatermark(doc, anonymous(), "203.0.113.7")).toContain(`· ${ANONYMOUS_READER} ·`);
    const jane = await passedAs(doc, "jane@acme.com");
    const blocked = await db.document.update({ where: { id: doc.id }, data: { blockList: ["jane@acme.com"] } });
    expect(jane(blocked).fullFile).toBe(false);
    expect(readerWatermark(blocked, jane(blocked), "203.0.113.7")).toContain(`· ${ANONYMOUS_READER} ·`);
  });
});

describe("a watermarked download", () => {
  it("is a copy with the text on every page, made in the PDF worker; the stored original is untouched", async () => {
    const original = await buffer((await storage().get(doc.storageKey))!.body);
    const copy = await watermarkedCopy(doc, "Confidential · jane@acme.com");
    const bytes = await buffer(copy.body);
    expect(bytes.length).toBe(copy.size);
    const pages = await shownStrings(bytes);
    expect(pages).toHaveLength(3);
    for (const strings of pages) expect(strings).toContain("Confidential · jane@acme.com");

    const stored = await buffer((await storage().get(doc.storageKey))!.body);
    expect(stored.equals(original)).toBe(true);
    expect((await shownStrings(stored)).flat()).not.toContain("Confidential · jane@acme.com");
  });

  it("leaves nothing in scratch once it is opened", async () => {
    const copy = await watermarkedCopy(doc, "Confidential");
    expect(await readdir(path.join(config().DATA_DIR, "tmp", "watermarks"))).toEqual([]);
    copy.body.destroy();
  });

  it("answers 503 with Retry-After when the PDF workers are busy, leaving nothing in scratch", async () => {
    const large = await createSampleDocument(doc.ownerId, "Large", 60);
    Object.assign(process.env, { PDF_WORKERS: "1", PDF_QUEUE_LIMIT: "0" });
    reloadConfig();
    try {
      const first = watermarkedCopy(large, "Confidential");
      // The second download asks only once the first holds the only worker slot.
      await vi.waitFor(() => expect(pdfJobsInProgress()).toBe(1), { interval: 1, timeout: 10_000 });
      const refused = await watermarkedCopy(doc, "Confidential").catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect([(refused as ApiError).status, Number((refused as ApiError).headers["Retry-After"]) > 0]).toEqual([503, true]);
      (await first).body.destroy();
      expect(await readdir(path.join(config().DATA_DIR, "tmp", "watermarks"))).toEqual([]);
    } finally {
      for (const name of ["PDF_WORKERS", "PDF_QUEUE_LIMIT"]) delete process.env[name];
      reloadConfig();
    }
  });
});
