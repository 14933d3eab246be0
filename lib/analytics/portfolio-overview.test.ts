import { describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { periodQuery } from "../schemas/common";
import { db } from "../db/client";
import { createUser } from "../users/create-user";
import { portfolioOverview } from "./portfolio-overview";
import { recomputeAggregates } from "./recompute-aggregates";

const DAY = 86_400_000;

async function visit(documentId: string, viewerId: string, number: number, startedAt: Date, viewedPages: number[]) {
  const row = await db.visit.create({ data: { documentId, viewerId, number, startedAt, lastActivityAt: startedAt, pageCount: 4 } });
  await db.pageTime.createMany({
    data: viewedPages.map((page) => ({ visitId: row.id, documentId, visitStartedAt: startedAt, page, seconds: 5, viewed: true })),
  });
}

describe("the portfolio overview for a period", () => {
  it("counts a viewer's distinct pages across their visits in the period, and only those visits", async () => {
    const owner = await createUser({ email: "portfolio@example.com", password: "long enough" });
    const doc = await createSampleDocument(owner, "Four pages", 4);
    const now = Date.now();
    const since = new Date(now - 7 * DAY);
    const twice = await db.viewer.create({ data: { documentId: doc.id, browserId: "b-twice", publicId: "anon_twice000001" } });
    await visit(doc.id, twice.id, 1, new Date(now - 3 * DAY), [1, 2]);
    await visit(doc.id, twice.id, 2, new Date(now - 1 * DAY), [2, 3]);
    const once = await db.viewer.create({ data: { documentId: doc.id, browserId: "b-once", publicId: "anon_once0000001" } });
    await visit(doc.id, once.id, 1, new Date(now - 30 * DAY), [1, 2, 3, 4]);
    await visit(doc.id, once.id, 2, new Date(now - 2 * DAY), [1]);
    await recomputeAggregates([doc.id]);

    const overview = await portfolioOverview(owner.personalTeamId, periodQuery.parse({ since: since.toISOString() }), {
      since: since.toISOString(),
    });
    // Pages 1–3 of 4 for the first viewer, page 1 of 4 for the second (its full read was before the period).
    expect(overview.totals).toEqual({ documents: 1, total_views: 3, unique_viewers: 2, leads_captured: 0, avg_completion: 0.5 });
    expect(overview.top_documents).toEqual([expect.objectContaining({ views: 3, completion: 0.5 })]);

    // A period of whole days reads the day rollups; one that cuts through a day reads the raw rows.
    const day = new Date(now - 7 * DAY).toISOString().slice(0, 10);
    const fromDays = await portfolioOverview(owner.personalTeamId, periodQuery.parse({ since: day }), { since: day });
    const justBefore = new Date(Date.parse(day) - 1).toISOString();
    const fromVisits = await portfolioOverview(owner.personalTeamId, periodQuery.parse({ since: justBefore }), { since: justBefore });
    expect(fromDays.totals).toEqual(overview.totals);
    expect({ ...fromDays, period: null }).toEqual({ ...fromVisits, period: null });

    const allTime = await portfolioOverview(owner.personalTeamId, periodQuery.parse({}), {});
    expect(allTime.totals).toMatchObject({ total_views: 4, unique_viewers: 2, avg_completion: 0.875 });
  });
});
