import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { type EngagementInput, engagementLevel, engagementRank, engagementRankSql } from "./engagement";

const input = (completion: number, readingSeconds: number, pagesViewed: number, visits = 1, downloaded = false): EngagementInput => ({
  completion,
  readingSeconds,
  pagesViewed,
  visits,
  downloaded,
});

// [case, input, expected level key]
const cases: Array<[string, EngagementInput, string]> = [
  ["nothing viewed", input(0, 0, 0, 0), "not_opened"],
  ["a visit that viewed no page", input(0, 30, 0, 1), "not_opened"],
  ["one page of ten", input(0.1, 3, 1), "opened"],
  ["two pages of twenty", input(0.1, 2, 2), "skimmed"],
  ["a fifth of the pages", input(0.2, 1, 1), "skimmed"],
  ["half, read quickly", input(0.5, 20, 5), "skimmed"],
  ["half at exactly 5 s per page", input(0.5, 25, 5), "read"],
  ["80% at 9.9 s per page", input(0.8, 79.2, 8), "read"],
  ["80% at exactly 10 s per page", input(0.8, 80, 8), "high_interest"],
  ["everything, slowly", input(1, 600, 10), "high_interest"],
  ["half, second visit, quickly", input(0.5, 5, 5, 2), "high_interest"],
  ["half, downloaded, quickly", input(0.5, 5, 5, 1, true), "high_interest"],
  ["49% with many visits", input(0.49, 5, 5, 5, true), "skimmed"],
  ["downloaded without reading", input(0, 0, 0, 1, true), "not_opened"],
];

describe("engagementLevel", () => {
  it.each(cases)("%s → %s", (_name, value, expected) => {
    expect(engagementLevel(value).key).toBe(expected);
  });

  it("labels and types follow SPEC.md", () => {
    expect(engagementLevel(input(1, 600, 10))).toMatchObject({ label: "High Interest", type: "hot" });
    expect(engagementLevel(input(0.5, 25, 5))).toMatchObject({ label: "Read", type: "warm" });
    expect(engagementLevel(input(0.2, 1, 1))).toMatchObject({ label: "Skimmed" });
  });

  it("the SQL form agrees with the function on every case", async () => {
    for (const [name, v] of cases) {
      const sql = engagementRankSql({
        completion: Prisma.sql`${v.completion}::float8`,
        readingSeconds: Prisma.sql`${v.readingSeconds}::float8`,
        pagesViewed: Prisma.sql`${v.pagesViewed}::int`,
        visits: Prisma.sql`${v.visits}::int`,
        downloaded: Prisma.sql`${v.downloaded}::boolean`,
      });
      const [row] = await db.$queryRaw<Array<{ rank: number }>>`SELECT ${sql} AS rank`;
      expect(row?.rank, name).toBe(engagementRank(v));
    }
  });

  it("the database's engagement_rank(), which the ingest statement uses, agrees with the function on every case", async () => {
    for (const [name, v] of cases) {
      const [row] = await db.$queryRaw<Array<{ rank: number }>>`
        SELECT engagement_rank(${v.completion}::float8, ${v.readingSeconds}::float8, ${v.pagesViewed}::int, ${v.visits}::int, ${v.downloaded}::boolean) AS rank`;
      expect(row?.rank, name).toBe(engagementRank(v));
    }
  });
});
