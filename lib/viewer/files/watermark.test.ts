import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { readerAddress } from "../../../test/support/fixtures";
import { holdPublicLane } from "../../../test/support/held-input";
import { shownStrings } from "../../../test/support/pdf-page-text";
import { config, reloadConfig } from "../../config";
import { ApiError } from "../../errors";
import { pdfJobsInProgress, pdfJobsStarted } from "../../pdf/run-pdf-job";
import { db } from "../../db/client";
import type { Document } from "../../generated/prisma/client";
import { storage } from "../../storage";
import { rateLimitWindow } from "../../rate-limit";
import { now, setClockOffset } from "../../time";
import { createUser } from "../../users/create-user";
import { sharedDocument } from "../../links/shared-document";
import { gateGrant, resolveAccess } from "../grants/access";
import { ingestNow } from "../../../test/support/ingest-now";
import { NEW_VIEWERS_PER_ADDRESS_PER_HOUR, newViewerLimit, WATERMARK_JOB_LIMITS } from "../doors/limits";
import { passGate } from "../grants/pass-gate";
import { ANONYMOUS_READER, fillWatermark, readerWatermark } from "./watermark";
import { watermarkedCopy } from "./watermark-download";

const beacon = () => ({ batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 1, seconds: 2 }] });
const TEMPLATE = "Confidential · {email} · {date} · {ip}";

let doc: Document;
beforeEach(async () => {
  setClockOffset(0);
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner, "Watermark test", 3);
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
      await ingestNow(
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

const newAddress = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;
/** This process's scratch files in an area (other test runs share DATA_DIR). */
const scratch = async (area: string) =>
  (await readdir(path.join(config().DATA_DIR, "tmp", area)).catch(() => [])).filter((name) => name.startsWith(`${process.pid}-`));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ApiError,
  );

/** The app clock a second into a fresh watermark-limit window, so a burst counts in one window. */
function startOfFreshWindow(): number {
  const windowMs = WATERMARK_JOB_LIMITS.windowSeconds * 1000;
  const offset = Math.ceil(Date.now() / windowMs) * windowMs + 1000 - Date.now();
  setClockOffset(offset);
  return offset;
}

const withSettings = async (settings: Record<string, string>, run: () => Promise<void>) => {
  Object.assign(process.env, settings);
  reloadConfig();
  try {
    await run();
  } finally {
    for (const name of Object.keys(settings)) delete process.env[name];
    reloadConfig();
  }
};

describe("a watermarked download", () => {
  let address: string;
  beforeEach(() => {
    address = newAddress();
  });

  it("is a copy with the text on every page, made in the PDF worker; the stored original is untouched", async () => {
    const original = await buffer((await storage().get(doc.storageKey))!.body);
    const copy = await watermarkedCopy(doc, "Confidential · jane@acme.com", address);
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
    const copy = await watermarkedCopy(doc, "Confidential", address);
    expect([await scratch("watermarks"), await scratch("cache")]).toEqual([[], []]);
    copy.body.destroy();
  });

  it("is made once for a reader's text: a repeat is read from the cache and runs no PDF job", async () => {
    const before = pdfJobsStarted("watermark");
    const first = await buffer((await watermarkedCopy(doc, "Confidential · jane@acme.com", address)).body);
    const repeat = await watermarkedCopy(doc, "Confidential · jane@acme.com", address);
    expect(repeat.size).toBe(first.length);
    expect((await buffer(repeat.body)).equals(first)).toBe(true);
    expect(pdfJobsStarted("watermark") - before).toBe(1);

    // Another reader's text, or the same text on another document, is another copy.
    await buffer((await watermarkedCopy(doc, "Confidential · joe@acme.com", address)).body);
    const other = await createSampleDocument({ id: doc.createdById!, personalTeamId: doc.teamId }, "Other", 2);
    const otherCopy = await buffer((await watermarkedCopy(other, "Confidential · jane@acme.com", address)).body);
    expect(await shownStrings(otherCopy)).toHaveLength(2);
    expect(pdfJobsStarted("watermark") - before).toBe(3);
  });

  it("is made once when identical requests arrive together; the others wait for it", async () => {
    const before = pdfJobsStarted("watermark");
    const copies = await Promise.all(Array.from({ length: 5 }, () => watermarkedCopy(doc, "Confidential · together", address)));
    const bodies = await Promise.all(copies.map((copy) => buffer(copy.body)));
    expect(pdfJobsStarted("watermark") - before).toBe(1);
    expect(new Set(bodies.map((body) => body.toString("base64"))).size).toBe(1);
    expect(copies.map((copy) => copy.size)).toEqual(bodies.map((body) => body.length));
  });

  it("is made for every download and kept nowhere when WATERMARK_CACHE_MB is 0", async () => {
    await withSettings({ WATERMARK_CACHE_MB: "0" }, async () => {
      const before = pdfJobsStarted("watermark");
      for (let i = 0; i < 2; i++) {
        const copy = await watermarkedCopy(doc, "Confidential · uncached", address);
        expect((await buffer(copy.body)).length).toBe(copy.size);
      }
      expect(pdfJobsStarted("watermark") - before).toBe(2);
      expect(await readdir(path.join(config().DATA_DIR, "watermark-cache"))).toEqual([]);
    });
  });

  it("answers 503 with Retry-After when the readers' worker and its queue are full, leaving nothing in scratch", async () => {
    await withSettings({ PDF_PUBLIC_QUEUE_LIMIT: "0" }, async () => {
      const release = await holdPublicLane();
      const refused = await refusal(watermarkedCopy(doc, "Confidential · busy", address));
      expect([refused?.status, Number(refused?.headers["Retry-After"]) > 0]).toEqual([503, true]);
      await release();
      expect([await scratch("watermarks"), await scratch("cache")]).toEqual([[], []]);
    });
  });

  it("never keeps an upload waiting while 15 addresses' downloads fill the readers' worker and its queue", async () => {
    const release = await holdPublicLane();
    const downloads = Array.from({ length: 15 }, () => newAddress()).map((flooder) =>
      refusal(watermarkedCopy(doc, `Confidential · ${flooder}`, flooder)),
    );
    const busy: ApiError[] = [];
    for (const download of downloads) void download.then((error) => error && busy.push(error));
    // The queue holds PDF_PUBLIC_QUEUE_LIMIT (8): the other 7 are refused once it is full.
    await vi.waitFor(() => expect(busy).toHaveLength(15 - config().PDF_PUBLIC_QUEUE_LIMIT), { interval: 5, timeout: 20_000 });
    expect(busy.map((error) => error.status)).toEqual(Array(7).fill(503));

    // The held job still holds the readers' worker; the upload is inspected on the owner's one,
    // ahead of the 8 downloads that asked first and still wait.
    const watermarksStarted = pdfJobsStarted("watermark");
    const upload = await createSampleDocument({ id: doc.createdById!, personalTeamId: doc.teamId }, "Uploaded during the flood", 4);
    expect(upload.pageCount).toBe(4);
    expect([pdfJobsInProgress("public"), pdfJobsStarted("watermark")]).toEqual([1, watermarksStarted]);

    await release();
    expect((await Promise.all(downloads)).filter((error) => error === null)).toHaveLength(8);
  });
});

describe("the watermark limits", () => {
  it("refuse an address's 7th new copy in 10 minutes with 429 and Retry-After; its cached copies are still served", async () => {
    const offset = startOfFreshWindow();
    const address = newAddress();
    const { perAddress } = WATERMARK_JOB_LIMITS;
    for (let i = 0; i < perAddress; i++) (await watermarkedCopy(doc, `Copy ${i}`, address)).body.destroy();
    const started = pdfJobsStarted("watermark");

    const refused = await refusal(watermarkedCopy(doc, `Copy ${perAddress}`, address));
    expect([refused?.status, refused?.code]).toEqual([429, "rate_limited"]);
    expect(Number(refused?.headers["Retry-After"])).toBeGreaterThan(0);
    expect(Number(refused?.headers["Retry-After"])).toBeLessThanOrEqual(WATERMARK_JOB_LIMITS.windowSeconds);
    expect(refused?.message).toMatch(/from your address/);
    expect(pdfJobsStarted("watermark")).toBe(started);

    // What is cached costs no worker, so it is served; the limit counts per address.
    const cached = await watermarkedCopy(doc, "Copy 0", address);
    expect((await buffer(cached.body)).length).toBe(cached.size);
    (await watermarkedCopy(doc, `Copy ${perAddress}`, newAddress())).body.destroy();

    // A new window counts afresh.
    setClockOffset(offset + WATERMARK_JOB_LIMITS.windowSeconds * 1000);
    (await watermarkedCopy(doc, `Copy ${perAddress + 1}`, address)).body.destroy();
  });

  it("refuse a document's new copies past its limit, whichever addresses ask", async () => {
    startOfFreshWindow();
    const small = await createSampleDocument({ id: doc.createdById!, personalTeamId: doc.teamId }, "Small", 1);
    const { perAddress, perDocument } = WATERMARK_JOB_LIMITS;
    for (let made = 0; made < perDocument; made += perAddress) {
      const address = newAddress();
      for (let i = 0; i < perAddress; i++) (await watermarkedCopy(small, `${address} ${i}`, address)).body.destroy();
    }
    const refused = await refusal(watermarkedCopy(small, "One more", newAddress()));
    expect([refused?.status, refused?.code, Number(refused?.headers["Retry-After"]) > 0]).toEqual([429, "rate_limited", true]);
    expect(refused?.message).toMatch(/of this document/);
    // Other documents are not affected.
    (await watermarkedCopy(doc, "One more", newAddress())).body.destroy();
  });

  it("leave new copies for real readers while 15 addresses have made every copy theirs may", async () => {
    startOfFreshWindow();
    const { perAddress, windowSeconds } = WATERMARK_JOB_LIMITS;
    const { start, end } = rateLimitWindow(now(), windowSeconds);
    await db.rateLimitWindow.create({
      data: { key: `watermark:document:${doc.id}`, windowStart: start, expiresAt: end, count: 15 * perAddress },
    });
    const copy = await watermarkedCopy(doc, "Confidential · real@partner.io", newAddress());
    expect((await buffer(copy.body)).length).toBe(copy.size);
  });
});
