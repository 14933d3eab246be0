import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument, uploadSampleVersion } from "../../scripts/lib/demo-data";
import { noReaderCap, openAccess } from "../../test/support/fixtures";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { periodQuery } from "../schemas/common";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { ingestNow } from "../../test/support/ingest-now";
import { documentStats } from "./document-stats";
import { documentViewers } from "./document-viewers";
import { pageFunnel } from "./page-funnel";
import { portfolioOverview } from "./portfolio-overview";
import { currentVersion, resolveVersionFilter } from "./read-version";
import { recomputeAggregates } from "./recompute-aggregates";

const MINUTE = 60_000;
let clock = 0;
const advance = (ms: number) => setClockOffset((clock += ms));

let owner: Awaited<ReturnType<typeof createUser>>;
let first: Document;
/** The same document once its 2-page version 2 is current (version 1 has 4 pages). */
let doc: Document;
beforeEach(async () => {
  clock = 0;
  setClockOffset(0);
  owner = await createUser({ email: `versions-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  first = await createSampleDocument(owner, "Deck", 4, { email_gate: false });
  doc = first;
});
afterEach(() => setClockOffset(0));

const newVersion = async () => {
  doc = await uploadSampleVersion(owner, first, 2);
};

/** One reader's browser sending beacons of the version its page rendered; each batch carries 5 s per page. */
function reader() {
  const browser = randomBytes(12).toString("base64url");
  let visitId: string | undefined;
  return {
    async read(version: number | undefined, pages: number[]) {
      const batch = {
        batch_id: `b_${randomBytes(8).toString("hex")}`,
        visit_id: visitId,
        version,
        pages: pages.map((page) => ({ page, seconds: 5 })),
      };
      const result = await ingestNow(doc, openAccess(doc.pageCount), browser, batch, noReaderCap);
      visitId = result.visit_id ?? undefined;
      advance(MINUTE);
      return result;
    },
    /** The reader comes back later: their next batch starts a visit. */
    leave() {
      visitId = undefined;
      advance(60 * MINUTE);
    },
  };
}

const viewerOf = async (visitId: string | null) => db.viewer.findFirstOrThrow({ where: { visitRecords: { some: { id: visitId ?? "" } } } });

const noPeriod = periodQuery.parse({});

describe("analytics across versions", () => {
  it("records the version each visit read, and a batch of another version than its visit's starts a new visit", async () => {
    const ann = reader();
    const before = await ann.read(1, [1, 2]);
    await newVersion();
    // The page Ann opened before the update still shows version 1: her batches stay in her version 1 visit.
    expect((await ann.read(1, [3])).visit_id).toBe(before.visit_id);
    const after = await ann.read(2, [1]);
    expect(after.visit_id).not.toBe(before.visit_id);
    const visits = await db.visit.findMany({ where: { documentId: doc.id }, orderBy: { number: "asc" } });
    expect(visits.map((v) => [v.number, v.version, v.pageCount, v.pagesViewed])).toEqual([
      [1, 1, 4, 3],
      [2, 2, 2, 1],
    ]);
  });

  it("answers with the document's current version, whichever version the batch was of", async () => {
    const ann = reader();
    expect((await ann.read(undefined, [1])).version).toBe(1);
    await newVersion();
    expect((await ann.read(1, [2])).version).toBe(2);
  });

  it("checks a batch's pages against its own version's, and reads a version the document does not have as the current one", async () => {
    await newVersion();
    const ann = reader();
    expect((await ann.read(1, [4])).applied).toBe(true);
    await expect(reader().read(2, [3])).rejects.toMatchObject({ code: "validation_error" });
    const ghost = await reader().read(7, [2]);
    expect((await db.visit.findUniqueOrThrow({ where: { id: ghost.visit_id! } })).version).toBe(2);
  });

  it("adds each version's views, unique viewers and time up to the document's totals, each with its own pages", async () => {
    const ann = reader();
    await ann.read(1, [1, 2, 3, 4]);
    const bob = reader();
    await bob.read(1, [1]);
    await newVersion();
    const cat = reader();
    await cat.read(2, [1, 2]);
    cat.leave();
    await cat.read(2, [1]);
    const fresh = await db.document.findUniqueOrThrow({ where: { id: doc.id } });

    const all = await documentStats(fresh, noPeriod);
    const one = await documentStats(fresh, noPeriod, undefined, await resolveVersionFilter(fresh, 1));
    const two = await documentStats(fresh, noPeriod, undefined, await resolveVersionFilter(fresh, 2));
    expect([one.views, two.views, all.views]).toEqual([2, 2, 4]);
    expect([one.unique_viewers, two.unique_viewers, all.unique_viewers]).toEqual([2, 1, 3]);
    expect(one.total_time_seconds + two.total_time_seconds).toBeCloseTo(all.total_time_seconds, 2);
    // Ann read all 4 pages of version 1, Bob 1 of them, Cat both pages of version 2.
    expect(one.avg_completion).toBe(0.625);
    expect(two.avg_completion).toBe(1);
    expect(all.avg_completion).toBe(0.75);

    // Pages differ between versions: each version's page analytics has its own pages, the document's the current version's.
    expect(one.page_analytics.map((p) => p.views)).toEqual([2, 1, 1, 1]);
    expect(two.page_analytics.map((p) => p.views)).toEqual([2, 1]);
    expect(all.page_analytics).toEqual(two.page_analytics);
    expect(await pageFunnel(fresh.id, currentVersion(fresh), noPeriod)).toEqual([
      { page: 1, visits: 2 },
      { page: 2, visits: 1 },
    ]);
  });

  it("counts a viewer who read both versions once for the document and once for each version", async () => {
    const ann = reader();
    await ann.read(1, [1]);
    await newVersion();
    await ann.read(2, [1]);
    const fresh = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    const uniqueViewers = async (version?: number) =>
      (await documentStats(fresh, noPeriod, undefined, await resolveVersionFilter(fresh, version))).unique_viewers;
    expect([await uniqueViewers(), await uniqueViewers(1), await uniqueViewers(2)]).toEqual([1, 1, 1]);
  });

  it("takes a viewer's completion, pages and page count from the version they read furthest", async () => {
    const ann = reader();
    const { visit_id } = await ann.read(1, [1, 2, 3]);
    await newVersion();
    await ann.read(2, [1]);
    // 3 of version 1's 4 pages beats 1 of version 2's 2.
    expect(await viewerOf(visit_id)).toMatchObject({ pagesViewed: 3, completion: 0.75 });
    const listed = async () => (await documentViewers(doc, 1, 20)).viewers[0]!;
    expect(await listed()).toMatchObject({ pages_viewed: 3, total_pages: 4, completion: 0.75 });

    await ann.read(2, [2]);
    expect(await viewerOf(visit_id)).toMatchObject({ pagesViewed: 2, completion: 1 });
    expect(await listed()).toMatchObject({ pages_viewed: 2, total_pages: 2, completion: 1 });
    const [completed] = await db.event.findMany({ where: { documentId: doc.id, type: "document.completed" } });
    expect(completed).toBeDefined();

    // Against one version, a viewer's figures are those of their visits of it.
    const v1 = await documentViewers(doc, 1, 20, undefined, await resolveVersionFilter(doc, 1));
    expect(v1.viewers[0]).toMatchObject({ visits: 1, pages_viewed: 3, total_pages: 4, completion: 0.75 });
    expect(v1.total_viewers).toBe(1);
  });

  it("keeps the maintained aggregates and day rollups equal to a recomputation after reading across versions", async () => {
    const ann = reader();
    await ann.read(1, [1, 2, 3]);
    const bob = reader();
    await bob.read(1, [1]);
    await newVersion();
    await ann.read(1, [4]);
    await ann.read(2, [1, 2]);
    bob.leave();
    await bob.read(2, [2]);
    await reader().read(2, [1]);

    const pick = async () => ({
      doc: await db.document.findUniqueOrThrow({
        where: { id: doc.id },
        select: { views: true, uniqueViewers: true, totalTimeSeconds: true, completionSum: true, engagementRank: true },
      }),
      viewers: await db.viewer.findMany({
        where: { documentId: doc.id },
        orderBy: { createdAt: "asc" },
        select: { visits: true, pagesViewed: true, totalTimeSeconds: true, completion: true, engagementRank: true },
      }),
      days: await db.$queryRaw<Array<{ viewer_id: string; version: number; visits: number; seconds: number; pages: string }>>`
        SELECT viewer_id::text, version, visits, seconds, pages::text FROM viewer_days WHERE document_id = ${doc.id}::uuid
        ORDER BY viewer_id, day, version`,
    });
    // Time sums may differ in the last digits with the order they are added in.
    const rounded = (value: unknown) =>
      JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "number" ? Math.round(v * 1000) / 1000 : v)));
    const incremental = rounded(await pick());
    await recomputeAggregates([doc.id]);
    expect(rounded(await pick())).toEqual(incremental);
    // Ann read all of version 1 (4 pages) and all of version 2 (2): the version with more pages wins the tie.
    expect(incremental.viewers.map((v: { pagesViewed: number; completion: number }) => [v.pagesViewed, v.completion])).toEqual([
      [4, 1],
      [1, 0.5],
      [1, 0.5],
    ]);
  });

  it("rolls a viewer's day up per version, each bitmap as long as its version has pages, and the overview reads them as it reads the raw rows", async () => {
    const ann = reader();
    await ann.read(1, [1, 3, 4]);
    await newVersion();
    await ann.read(2, [2]);
    const days = await db.$queryRaw<Array<{ version: number; pages: string }>>`
      SELECT version, pages::text FROM viewer_days WHERE document_id = ${doc.id}::uuid ORDER BY version`;
    expect(days).toEqual([
      { version: 1, pages: "1011" },
      { version: 2, pages: "01" },
    ]);

    const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
    const wholeDays = { since: new Date(today.getTime() - 86_400_000), until: new Date(today.getTime() + 2 * 86_400_000) };
    const cutDays = { since: new Date(wholeDays.since.getTime() + 1), until: wholeDays.until };
    const overview = async (period: { since: Date; until: Date }) =>
      portfolioOverview(owner.personalTeamId, period, { since: period.since.toISOString(), until: period.until.toISOString() });
    const fromDays = await overview(wholeDays);
    // 3 of version 1's 4 pages beat 1 of version 2's 2 (page numbers across versions would make it 3 of 2).
    expect(fromDays.totals).toMatchObject({ total_views: 2, unique_viewers: 1, avg_completion: 0.75 });
    expect((await overview(cutDays)).totals).toEqual(fromDays.totals);

    // Next to it, a document read in one version only: the rollups still give what the raw rows give.
    const deck = doc;
    doc = await createSampleDocument(owner, "Brief", 3, { email_gate: false });
    await reader().read(1, [1, 2]);
    doc = deck;
    const both = await overview(wholeDays);
    expect(both.totals).toEqual({ documents: 2, total_views: 3, unique_viewers: 2, leads_captured: 0, avg_completion: 0.7083 });
    expect({ ...both, period: null }).toEqual({ ...(await overview(cutDays)), period: null });
  });
});
