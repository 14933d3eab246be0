import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { noReaderCap, openAccess, readerAddress } from "../../../test/support/fixtures";
import { recomputeAggregates } from "../../analytics/recompute-aggregates";
import { ApiError } from "../../errors";
import { db } from "../../db/client";
import type { Document } from "../../generated/prisma/client";
import { setClockOffset } from "../../time";
import { createUser } from "../../users/create-user";
import type { Access } from "../grants/access";
import { ingestNow } from "../../../test/support/ingest-now";
import { rollUpBeacons } from "../../beacons/roll-up-beacons";
import { ingestBatch } from "./ingest-batch";
import { passGate } from "../grants/pass-gate";
import { CLOCK_SLACK_SECONDS, FIRST_BATCH_MAX_SECONDS } from "../../rules/track-rules";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const open = openAccess(4);
const batchId = () => `b_${randomBytes(8).toString("hex")}`;

let clock = 0;
/** Moves the app's clock forward; wall-clock checks see the time pass. */
const advance = (ms: number) => setClockOffset((clock += ms));

let owner: Awaited<ReturnType<typeof createUser>>;
let doc: Document;
let browser: string;
beforeEach(async () => {
  clock = 0;
  setClockOffset(0);
  owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner, "Ingest test", 4, { email_gate: false });
  browser = randomBytes(12).toString("base64url");
});
afterEach(() => setClockOffset(0));

const events = async (type?: string) =>
  (await db.event.findMany({ where: { documentId: doc.id, ...(type ? { type } : {}) }, orderBy: { createdAt: "asc" } })).map(
    (e) => e.payload as { event: string; data: Record<string, Record<string, unknown>> },
  );

async function send(pages: Array<[number, number]>, visitId?: string, access = open, id = batchId()) {
  const result = await ingestNow(
    doc,
    access,
    browser,
    { batch_id: id, visit_id: visitId, pages: pages.map(([page, seconds]) => ({ page, seconds })) },
    noReaderCap,
  );
  if (result.visit_id === null) throw new Error("the batch was not recorded");
  return { ...result, visit_id: result.visit_id };
}

describe("ingestBatch", () => {
  it("starts a visit with the first batch and writes document.viewed with the viewer's cumulative figures", async () => {
    const { visit_id, applied } = await send([[1, 1.2]]);
    expect(applied).toBe(true);
    const visit = await db.visit.findUniqueOrThrow({ where: { id: visit_id } });
    expect(visit.number).toBe(1);
    const [viewed] = await events("document.viewed");
    expect(viewed!.data.viewer).toEqual({
      pages_viewed: 1,
      total_pages: 4,
      completion: 0.25,
      time_spent_seconds: 1.2,
      engagement_label: "Skimmed",
      visit_number: 1,
    });
    expect(viewed!.data.document).toEqual({
      id: doc.id,
      title: "Ingest test",
      short_code: `s/${doc.code}`,
      url: `http://localhost:3000/s/${doc.code}`,
    });
  });

  it("continues the visit within 30 minutes and debounces document.viewed to one per 30 minutes", async () => {
    const { visit_id } = await send([[1, 1]]);
    for (let i = 0; i < 3; i++) {
      advance(5 * MINUTE);
      await send([[2, 5]], visit_id);
    }
    advance(10 * MINUTE);
    const again = await send([[3, 2]]);
    expect(again.visit_id).toBe(visit_id);
    expect(await events("document.viewed")).toHaveLength(1);

    advance(31 * MINUTE);
    const next = await send([[1, 1]]);
    expect(next.visit_id).not.toBe(visit_id);
    const viewed = await events("document.viewed");
    expect(viewed).toHaveLength(2);
    expect(viewed[1]!.data.viewer!.visit_number).toBe(2);
    expect(await events("viewer.revisited")).toHaveLength(0);
  });

  it("writes viewer.revisited when a visit starts 24 hours or more after the previous one", async () => {
    await send([[1, 1]]);
    advance(23 * HOUR);
    await send([[1, 1]]);
    expect(await events("viewer.revisited")).toHaveLength(0);
    advance(24 * HOUR);
    await send([[1, 1]]);
    const [revisit] = await events("viewer.revisited");
    expect(revisit!.data.viewer).toEqual({
      visit_number: 3,
      first_viewed_at: expect.any(String),
      hours_since_first_view: 47,
      engagement_label: "Skimmed",
    });
  });

  it("writes document.completed and engagement.milestone once per viewer", async () => {
    const { visit_id } = await send([[1, 1.5]]);
    for (const page of [1, 2, 3, 4]) {
      advance(12_000);
      await send([[page, 11]], visit_id);
    }
    advance(12_000);
    await send([[4, 10]], visit_id);
    const [completed] = await events("document.completed");
    // Written by the batch that completed the document: 1.5 s + 4 × 11 s.
    expect(completed!.data.viewer).toEqual({ completion: 1, time_spent_seconds: 45.5, visit_number: 1 });
    const [milestone] = await events("engagement.milestone");
    expect(milestone!.data).toMatchObject({
      milestone: "high_interest",
      viewer: {
        engagement_label: "High Interest",
        previous_label: "Read",
        completion: 1,
        pages_viewed: 4,
        total_pages: 4,
        visit_number: 1,
      },
    });
    advance(2 * HOUR);
    const second = await send([[1, 1]]);
    advance(12_000);
    await send(
      [
        [2, 10],
        [3, 1],
      ],
      second.visit_id,
    );
    expect(await events("document.completed")).toHaveLength(1);
    expect(await events("engagement.milestone")).toHaveLength(1);
  });

  it("applies a resent batch once", async () => {
    const first = await send([[1, 2]]);
    advance(10_000);
    const id = batchId();
    expect((await send([[2, 8]], first.visit_id, open, id)).applied).toBe(true);
    advance(10_000);
    expect((await send([[2, 8]], first.visit_id, open, id)).applied).toBe(false);
    const page2 = await db.pageTime.findUniqueOrThrow({ where: { visitId_page: { visitId: first.visit_id, page: 2 } } });
    expect(page2.seconds).toBe(8);
  });

  it("clamps time beyond the wall-clock since the last batch", async () => {
    const { visit_id } = await send([[1, 1]]);
    advance(3_000);
    await send(
      [
        [1, 50],
        [2, 50],
      ],
      visit_id,
    );
    const rows = await db.pageTime.findMany({ where: { visitId: visit_id } });
    const total = rows.reduce((sum, r) => sum + r.seconds, 0);
    // 1 s, then at most the 3 s that passed plus 2 s of slack (and the test's own milliseconds).
    expect(total).toBeLessThanOrEqual(1 + 3 + 2 + 0.1);
    expect(total).toBeGreaterThan(5);
    const firstBatchCap = await ingestNow(
      doc,
      open,
      `${browser}-other`,
      { batch_id: batchId(), pages: [{ page: 1, seconds: 3000 }] },
      noReaderCap,
    );
    const capped = await db.pageTime.findFirstOrThrow({ where: { visitId: firstBatchCap.visit_id! } });
    expect(capped.seconds).toBe(15);
  });

  it("never lets a visit's time exceed its wall-clock duration, the first batch's allowance and one slack, however many batches arrive", async () => {
    const { visit_id } = await send([[1, 1]]);
    for (let i = 0; i < 60; i++) {
      advance(100);
      await send([[(i % 4) + 1, 10]], visit_id);
    }
    const visit = await db.visit.findUniqueOrThrow({ where: { id: visit_id } });
    const wallClock = (visit.lastActivityAt.getTime() - visit.startedAt.getTime()) / 1000;
    // 2 s of slack per batch would have allowed about 1 + 60 × 2.1 = 127 s in about 6 s.
    expect(visit.totalTimeSeconds).toBeLessThanOrEqual(wallClock + FIRST_BATCH_MAX_SECONDS + CLOCK_SLACK_SECONDS + 0.1);
    const viewer = await db.viewer.findFirstOrThrow({ where: { documentId: doc.id } });
    expect(viewer.totalTimeSeconds).toBeCloseTo(visit.totalTimeSeconds, 6);
  });

  it.each([
    ["an unknown page", [{ page: 5, seconds: 1 }]],
    ["page 0", [{ page: 0, seconds: 1 }]],
    ["negative time", [{ page: 1, seconds: -3 }]],
    ["a non-numeric time", [{ page: 1, seconds: "lots" }]],
  ])("refuses %s and records nothing", async (_name, pages) => {
    await expect(ingestNow(doc, open, browser, { batch_id: batchId(), pages }, noReaderCap)).rejects.toMatchObject({
      code: "validation_error",
    });
    expect(await db.visit.count({ where: { documentId: doc.id } })).toBe(0);
  });

  it("names the beacon's bad field in the message and in fields", async () => {
    await expect(
      ingestNow(doc, open, browser, { batch_id: "short", pages: [{ page: 1, seconds: -1 }] }, noReaderCap),
    ).rejects.toMatchObject({
      code: "validation_error",
      message: "batch_id must be 8 to 64 letters, digits, _ or -; pages.0.seconds: seconds must not be negative",
      fields: { batch_id: "batch_id must be 8 to 64 letters, digits, _ or -", "pages.0.seconds": "seconds must not be negative" },
    });
  });

  it("refuses pages behind the gate while it stands", async () => {
    const gated: Access = { ...open, gatePassed: false, fullFile: false, readablePages: 2 };
    await send([[2, 1]], undefined, gated);
    await expect(send([[3, 1]], undefined, gated)).rejects.toBeInstanceOf(ApiError);
  });

  it("never lets one viewer write to another viewer's visit", async () => {
    const { visit_id } = await send([[1, 1]]);
    advance(5_000);
    const intruder = ingestNow(
      doc,
      open,
      "another-browser-id-123",
      { batch_id: batchId(), visit_id, pages: [{ page: 2, seconds: 1 }] },
      noReaderCap,
    );
    // Another reader's visit id names no visit of theirs: their batch starts their own visit.
    expect((await intruder).visit_id).not.toBe(visit_id);
    expect(await db.pageTime.count({ where: { visitId: visit_id } })).toBe(1);
  });

  it("applies concurrent batches of one viewer one after the other, losing no update", async () => {
    const { visit_id } = await send([[1, 1]]);
    advance(60_000);
    await Promise.all([1, 2, 3, 4].map((page) => send([[page, 5]], visit_id)));
    // Later batches are clamped (little wall-clock time since the one before), but every second
    // written to the page rows is in the viewer's and the document's totals.
    const written = (await db.pageTime.findMany({ where: { visitId: visit_id } })).reduce((sum, p) => sum + p.seconds, 0);
    const viewer = await db.viewer.findFirstOrThrow({ where: { documentId: doc.id } });
    expect(viewer.totalTimeSeconds).toBeCloseTo(written, 6);
    expect(viewer.pagesViewed).toBe(4);
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).totalTimeSeconds).toBeCloseTo(written, 6);
  });

  it("keeps the incremental aggregates equal to a recomputation from raw rows", async () => {
    const { visit_id } = await send([[1, 1.5]]);
    advance(10_000);
    await send(
      [
        [2, 9],
        [3, 0.4],
      ],
      visit_id,
    );
    const { viewerId } = await passGate(doc, { email: "reader@acme.com", name: "Reader" }, browser, readerAddress());
    advance(3 * HOUR);
    const gated: Access = { ...open, gateViewerId: viewerId };
    const second = await send([[3, 1]], undefined, gated);
    advance(8_000);
    await send([[4, 6]], second.visit_id, gated);
    await ingestNow(doc, open, "second-browser-abcdef", { batch_id: batchId(), pages: [{ page: 1, seconds: 2 }] }, noReaderCap);
    advance(2 * 24 * HOUR);
    await send([[2, 3]], undefined, gated);

    const pick = async () => ({
      doc: await db.document.findUniqueOrThrow({
        where: { id: doc.id },
        select: {
          views: true,
          uniqueViewers: true,
          leadsCount: true,
          downloads: true,
          totalTimeSeconds: true,
          completionSum: true,
          engagementRank: true,
        },
      }),
      viewers: await db.viewer.findMany({
        where: { documentId: doc.id },
        orderBy: { createdAt: "asc" },
        select: { visits: true, pagesViewed: true, totalTimeSeconds: true, completion: true, engagementRank: true, downloaded: true },
      }),
      days: await db.$queryRaw<Array<{ viewer_id: string; day: string; visits: number; seconds: number; pages: string }>>`
        SELECT viewer_id::text, day::text, visits, seconds, pages::text FROM viewer_days WHERE document_id = ${doc.id}::uuid ORDER BY viewer_id, day`,
    });
    const incremental = await pick();
    await recomputeAggregates([doc.id]);
    const recomputed = await pick();
    expect(incremental.doc.views).toBe(4);
    expect(incremental.days.map((d) => [d.visits, d.pages])).toEqual(expect.arrayContaining([[1, "0100"]]));
    expect(incremental.doc.uniqueViewers).toBe(2);
    expect(incremental.doc.leadsCount).toBe(1);
    expect(JSON.parse(JSON.stringify(incremental, (_k, v) => (typeof v === "number" ? Math.round(v * 1000) / 1000 : v)))).toEqual(
      JSON.parse(JSON.stringify(recomputed, (_k, v) => (typeof v === "number" ? Math.round(v * 1000) / 1000 : v))),
    );
  });
  it("records the device, browser and OS of the user agent that started the visit", async () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    const desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const first = await ingestNow(doc, open, browser, { batch_id: batchId(), pages: [{ page: 1, seconds: 2 }] }, noReaderCap, iphone);
    advance(MINUTE);
    await ingestNow(
      doc,
      open,
      browser,
      { batch_id: batchId(), visit_id: first.visit_id, pages: [{ page: 2, seconds: 2 }] },
      noReaderCap,
      desktop,
    );
    expect(await db.visit.findUniqueOrThrow({ where: { id: first.visit_id! } })).toMatchObject({
      deviceType: "phone",
      browser: "Safari",
      os: "iOS",
    });

    advance(HOUR);
    const second = await ingestNow(doc, open, browser, { batch_id: batchId(), pages: [{ page: 1, seconds: 2 }] }, noReaderCap, desktop);
    expect(await db.visit.findUniqueOrThrow({ where: { id: second.visit_id! } })).toMatchObject({
      number: 2,
      deviceType: "desktop",
      browser: "Chrome",
      os: "Windows",
    });
  });

  it("leaves the device unknown when the request named no user agent", async () => {
    const { visit_id } = await send([[1, 2]]);
    expect(await db.visit.findUniqueOrThrow({ where: { id: visit_id } })).toMatchObject({ deviceType: null, browser: null, os: null });
  });
});

describe("a beacon appended, then rolled up", () => {
  const beacon = (visitId?: string, pages: Array<[number, number]> = [[1, 2]]) => ({
    batch_id: batchId(),
    visit_id: visitId,
    pages: pages.map(([page, seconds]) => ({ page, seconds })),
  });

  it("is answered once durably appended, and changes no figure until the roll-up applies it", async () => {
    const appended = await ingestBatch(doc, open, browser, beacon(), noReaderCap);
    expect(appended).toMatchObject({ applied: true, version: 1 });
    expect(await db.beacon.findUnique({ where: { seq: BigInt(appended.seq) } })).toMatchObject({ documentId: doc.id, pages: [1] });
    expect(await db.visit.count({ where: { documentId: doc.id } })).toBe(0);
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).views).toBe(0);

    const rolled = await rollUpBeacons({ wait: true, only: [appended.seq] });
    expect(rolled).toEqual([{ seq: appended.seq, outcome: "applied", visit_id: appended.visit_id }]);
    expect(await db.beacon.findUnique({ where: { seq: BigInt(appended.seq) } })).toBeNull();
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).views).toBe(1);
    expect(await events("document.viewed")).toHaveLength(1);
  });

  it("applies one reader's beacons in the order they arrived, in one roll-up", async () => {
    const first = await ingestBatch(doc, open, browser, beacon(undefined, [[1, 2]]), noReaderCap);
    advance(10_000);
    const second = await ingestBatch(doc, open, browser, beacon(first.visit_id, [[2, 3]]), noReaderCap);
    advance(10_000);
    const third = await ingestBatch(doc, open, browser, beacon(first.visit_id, [[3, 4]]), noReaderCap);
    const rolled = await rollUpBeacons({ wait: true, only: [first.seq, second.seq, third.seq] });
    expect(rolled!.map((r) => [r.seq, r.outcome, r.visit_id])).toEqual(
      [first, second, third].map((b) => [b.seq, "applied", first.visit_id]),
    );
    expect(await db.visit.findUniqueOrThrow({ where: { id: first.visit_id! } })).toMatchObject({ totalTimeSeconds: 9, pagesViewed: 3 });
  });

  it("joins a page opened again within the visit's idle time to the visit, and later beacons with its key continue it", async () => {
    const opened = await send([[1, 2]]);
    advance(5 * MINUTE);
    const reopened = await ingestBatch(doc, open, browser, beacon(undefined, [[2, 2]]), noReaderCap);
    expect(reopened.visit_id).not.toBe(opened.visit_id);
    await rollUpBeacons({ wait: true, only: [reopened.seq] });
    expect(await db.visitKey.findUnique({ where: { key: reopened.visit_id! } })).toMatchObject({ visitId: opened.visit_id });

    advance(10_000);
    const continued = await ingestNow(doc, open, browser, beacon(reopened.visit_id!, [[3, 2]]), noReaderCap);
    expect(continued.visit_id).toBe(opened.visit_id);
    expect(await db.visit.count({ where: { documentId: doc.id } })).toBe(1);
    expect(await db.pageTime.count({ where: { visitId: opened.visit_id } })).toBe(3);
    expect(await events("document.viewed")).toHaveLength(1);
  });

  it("is dropped when its document was deleted before the roll-up, without holding back the beacons after it", async () => {
    const other = await createSampleDocument(owner, "Deleted before roll-up", 2, { email_gate: false });
    const orphan = await ingestBatch(other, openAccess(2), browser, beacon(), noReaderCap);
    const kept = await ingestBatch(doc, open, browser, beacon(), noReaderCap);
    await db.document.delete({ where: { id: other.id } });
    const rolled = await rollUpBeacons({ wait: true, only: [orphan.seq, kept.seq] });
    expect(rolled!.map((r) => r.outcome)).toEqual(["gone", "applied"]);
    expect(await db.beacon.count({ where: { seq: { in: [BigInt(orphan.seq), BigInt(kept.seq)] } } })).toBe(0);
  });
});
