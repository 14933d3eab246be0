import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { addViewer } from "../../scripts/lib/activity";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { noReaderCap, openAccess } from "../../test/support/fixtures";
import { db } from "../db/client";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { ingestNow } from "../../test/support/ingest-now";
import { documentReaders } from "./document-readers";
import { readerLabels } from "./reader-labels";
import { recomputeAggregates } from "./recompute-aggregates";
import { viewerTimelines } from "./viewer-timeline";

const MINUTE = 60_000;
const DAY = 86_400_000;
const ALL_TIME = { since: undefined, until: undefined };
const open = openAccess(4);
const PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

afterEach(() => setClockOffset(0));

async function documentWithOwner(title: string) {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  return createSampleDocument(owner, title, 4, { email_gate: false });
}

describe("a reader's timeline", () => {
  it("lists each visit newest first with its start, duration, time per page, device, browser, OS and downloads", async () => {
    const doc = await documentWithOwner("Timeline");
    const browser = randomBytes(12).toString("base64url");
    const batch = (pages: Array<[number, number]>, visitId: string | null, ua: string) =>
      ingestNow(
        doc,
        open,
        browser,
        {
          batch_id: randomBytes(8).toString("hex"),
          visit_id: visitId ?? undefined,
          pages: pages.map(([page, seconds]) => ({ page, seconds })),
        },
        noReaderCap,
        ua,
      );

    setClockOffset(-2 * DAY);
    const firstStart = new Date(Date.now() - 2 * DAY);
    const first = await batch(
      [
        [1, 9],
        [2, 3],
      ],
      null,
      PIXEL,
    );
    setClockOffset(-2 * DAY + MINUTE);
    await batch([[2, 20]], first.visit_id, PIXEL);
    await db.download.create({
      data: {
        documentId: doc.id,
        viewerId: (await db.visit.findUniqueOrThrow({ where: { id: first.visit_id! } })).viewerId,
        createdAt: new Date(firstStart.getTime() + 30_000),
      },
    });
    setClockOffset(0);
    await batch([[4, 6]], null, MAC);
    const viewer = await db.viewer.findFirstOrThrow({ where: { documentId: doc.id } });

    const timeline = (await viewerTimelines(doc.id, [viewer.publicId], ALL_TIME)).get(viewer.publicId)!;
    expect(timeline.map((v) => v.number)).toEqual([2, 1]);
    expect(timeline[0]).toMatchObject({
      deviceType: "desktop",
      browser: "Safari",
      os: "macOS",
      pages: [{ page: 4, seconds: 6 }],
      downloads: 0,
      readingSeconds: 6,
    });
    expect(timeline[1]).toMatchObject({
      deviceType: "phone",
      browser: "Chrome",
      os: "Android",
      pages: [
        { page: 1, seconds: 9 },
        { page: 2, seconds: 23 },
      ],
      downloads: 1,
      readingSeconds: 32,
    });
    expect(timeline[1]!.durationSeconds).toBeGreaterThanOrEqual(59);
    expect(timeline[1]!.durationSeconds).toBeLessThanOrEqual(61);
    expect(Math.abs(timeline[1]!.startedAt.getTime() - firstStart.getTime())).toBeLessThan(5_000);

    const lastDay = (await viewerTimelines(doc.id, [viewer.publicId], { since: new Date(Date.now() - DAY), until: undefined })).get(
      viewer.publicId,
    )!;
    expect(lastDay.map((v) => v.number)).toEqual([2]);
  });
});

describe("the readers table", () => {
  it("numbers anonymous readers in the order the document's readers first came, readers with an email included", async () => {
    const doc = await documentWithOwner("Readers");
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    await addViewer(doc.id, { visits: [{ startedAt: at(30), pages: [[1, 5]] }] });
    await addViewer(doc.id, {
      email: "ann@acme.com",
      visits: [
        {
          startedAt: at(20),
          pages: [
            [1, 5],
            [2, 5],
          ],
        },
      ],
    });
    await addViewer(doc.id, {
      visits: [
        {
          startedAt: at(2),
          pages: [
            [1, 5],
            [2, 5],
            [3, 5],
            [4, 5],
          ],
        },
      ],
    });
    await recomputeAggregates([doc.id]);

    const all = await documentReaders(doc, ALL_TIME, 1, 20);
    expect(all.readers.map((r) => r.label).sort()).toEqual(["Anonymous reader 1", "Anonymous reader 3", "ann@acme.com"]);
    expect(all.pagination.total).toBe(3);
    const labels = await readerLabels(doc.id);
    expect([...labels.values()].sort()).toEqual(["Anonymous reader 1", "Anonymous reader 3", "ann@acme.com"]);
    expect([...labels.keys()].every((id) => id.startsWith("anon_"))).toBe(true);
  });

  it("counts only the period's visits and downloads, and leaves out readers with none in it", async () => {
    const doc = await documentWithOwner("Readers in a period");
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    await addViewer(doc.id, {
      email: "bob@acme.com",
      visits: [
        {
          startedAt: at(40),
          pages: [
            [1, 30],
            [2, 30],
            [3, 30],
            [4, 30],
          ],
          downloaded: true,
        },
        { startedAt: at(1), pages: [[1, 4]] },
      ],
    });
    await addViewer(doc.id, { visits: [{ startedAt: at(40), pages: [[1, 5]] }] });
    await recomputeAggregates([doc.id]);

    const week = await documentReaders(doc, { since: at(7), until: undefined }, 1, 20);
    expect(week.pagination.total).toBe(1);
    expect(week.readers).toEqual([
      expect.objectContaining({
        label: "bob@acme.com",
        visits: 1,
        completion: 0.25,
        totalTimeSeconds: 4,
        downloaded: false,
        engagementLabel: "Skimmed",
      }),
    ]);
    const allTime = await documentReaders(doc, ALL_TIME, 1, 20);
    expect(allTime.readers[0]).toMatchObject({
      label: "bob@acme.com",
      visits: 2,
      completion: 1,
      downloaded: true,
      engagementLabel: "High Interest",
    });
  });
});
