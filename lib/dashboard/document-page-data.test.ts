import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addViewer } from "@/scripts/lib/activity";
import { createSampleDocument, uploadSampleVersion } from "@/scripts/lib/demo-data";
import { recomputeAggregates } from "@/lib/analytics/recompute-aggregates";
import type { Document } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";
import { documentPageData } from "./document-page-data";

let owner: Awaited<ReturnType<typeof createUser>>;
/** Version 1 had 4 pages and three visits; version 2, current, has 2 pages and one visit. */
let doc: Document;

const read = (version: number, pages: number[]) =>
  addViewer(doc.id, { visits: [{ startedAt: new Date(Date.now() - 60_000), version, pages: pages.map((page) => [page, 5]) }] });

beforeAll(async () => {
  owner = await createUser({ email: `document-page-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const first = await createSampleDocument(owner, "Deck", 4, { email_gate: false });
  doc = first;
  await read(1, [1, 2, 3, 4]);
  await read(1, [1, 2]);
  await read(1, [1]);
  doc = await uploadSampleVersion(owner, first, 2);
  await read(2, [1, 2]);
  await recomputeAggregates([doc.id]);
});

const pageData = async (search: Record<string, string | undefined>) => (await documentPageData(owner.personalTeamId, doc.code, search))!;

describe("documentPageData's reading funnel", () => {
  it("shows the current version's pages by default, names it, and offers every kept version newest first", async () => {
    const { stats, funnel } = await pageData({});
    expect(stats.views).toBe(4);
    expect(funnel.version).toEqual({ number: 2, pageCount: 2, current: true });
    expect(funnel.versions).toEqual([
      { number: 2, pageCount: 2, current: true },
      { number: 1, pageCount: 4, current: false },
    ]);
    expect(funnel.steps).toEqual([
      { page: 1, reached: 1, avg_time_seconds: 5 },
      { page: 2, reached: 1, avg_time_seconds: 5 },
    ]);
  });

  it("shows an earlier version's funnel over its own pages when asked, while the figures above still count every version", async () => {
    const { stats, funnel } = await pageData({ version: "1" });
    expect(stats.views).toBe(4);
    expect(funnel.version).toEqual({ number: 1, pageCount: 4, current: false });
    expect(funnel.steps.map((step) => step.reached)).toEqual([3, 2, 1, 1]);
    expect(funnel.steps.every((step) => step.avg_time_seconds === 5)).toBe(true);
  });

  it("shows the current version for a version the document does not have, or no number", async () => {
    for (const version of ["7", "0", "-1", "two", "1.5", "", "1e3"]) {
      expect((await pageData({ version })).funnel.version, version).toMatchObject({ number: 2, current: true });
    }
  });
});
