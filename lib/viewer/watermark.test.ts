import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { anyReader } from "../../test/support/fixtures";
import { shownStrings } from "../../test/support/pdf-page-text";
import { config, reloadConfig } from "../config";
import { ApiError } from "../errors";
import { pdfJobsInProgress } from "../pdf/run-pdf-job";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { storage } from "../storage";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import type { Access } from "./access";
import { passGate } from "./pass-gate";
import { ANONYMOUS_READER, fillWatermark, readerWatermark } from "./watermark";
import { watermarkedCopy } from "./watermark-download";

const notPassed: Access = {
  passwordOk: true,
  gatePassed: false,
  gateViewerId: null,
  agreementAccepted: true,
  agreementDue: false,
  readablePages: 2,
  fullFile: false,
  canDownload: false,
};
const passedAs = (viewerId: string): Access => ({
  ...notPassed,
  gatePassed: true,
  gateViewerId: viewerId,
  fullFile: true,
  canDownload: true,
});
const TEMPLATE = "Confidential · {email} · {date} · {ip}";

let doc: Document;
beforeEach(async () => {
  setClockOffset(0);
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner.id, "Watermark test", 3);
  doc = await db.document.update({ where: { id: doc.id }, data: { watermark: TEMPLATE } });
});
afterEach(() => setClockOffset(0));

const readerOf = async (document: Document, email: string) =>
  (await passGate(document, { email }, randomBytes(12).toString("base64url"), anyReader)).viewerId;

describe("the watermark a reader gets", () => {
  it("fills every field, as often as the template names it", () => {
    expect(fillWatermark("{email} {date} {ip} {email}", { email: "jane@acme.com", date: "2026-11-23", ip: "203.0.113.7" })).toBe(
      "jane@acme.com 2026-11-23 203.0.113.7 jane@acme.com",
    );
  });

  it("is none when the document sets none", async () => {
    const plain = await db.document.update({ where: { id: doc.id }, data: { watermark: null } });
    expect(await readerWatermark(plain, passedAs(await readerOf(plain, "jane@acme.com")), "203.0.113.7")).toBeNull();
  });

  it("names the reader who passed the gate in this browser, the day of reading in UTC and the client address", async () => {
    setClockOffset(Date.parse("2031-02-03T23:30:00Z") - Date.now());
    const viewerId = await readerOf(doc, "jane@acme.com");
    expect(await readerWatermark(doc, passedAs(viewerId), "203.0.113.7")).toBe("Confidential · jane@acme.com · 2031-02-03 · 203.0.113.7");
  });

  it("says anonymous before the gate is passed, and for a grant naming another document's reader", async () => {
    expect(await readerWatermark(doc, notPassed, "203.0.113.7")).toContain(`· ${ANONYMOUS_READER} ·`);
    const other = await createSampleDocument(doc.ownerId, "Other", 2);
    const strangerId = await readerOf(other, "mallory@evil.example");
    expect(await readerWatermark(doc, passedAs(strangerId), "203.0.113.7")).toContain(`· ${ANONYMOUS_READER} ·`);
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
