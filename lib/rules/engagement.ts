import { Prisma } from "../generated/prisma/client";

/**
 * Engagement levels (DECISIONS.md "Engagement levels"). One pure function decides a viewer's
 * level; the same thresholds also render the SQL expression used where levels are computed over
 * many viewers at once (windowed analytics), so the two can never disagree.
 */

export const HIGH_INTEREST_MIN_COMPLETION = 0.8;
export const HIGH_INTEREST_MIN_SECONDS_PER_PAGE = 10;
export const HIGH_INTEREST_RETURNING_MIN_COMPLETION = 0.5;
export const HIGH_INTEREST_MIN_VISITS = 2;
export const READ_MIN_COMPLETION = 0.5;
export const READ_MIN_SECONDS_PER_PAGE = 5;
export const SKIMMED_MIN_COMPLETION = 0.2;
export const SKIMMED_MIN_PAGES = 2;
export const OPENED_MIN_PAGES = 1;

export const LEVELS = [
  { key: "not_opened", label: "Not Opened", type: "none", rank: 0 },
  { key: "opened", label: "Opened", type: "cold", rank: 1 },
  { key: "skimmed", label: "Skimmed", type: "cool", rank: 2 },
  { key: "read", label: "Read", type: "warm", rank: 3 },
  { key: "high_interest", label: "High Interest", type: "hot", rank: 4 },
] as const;

export type EngagementLevel = (typeof LEVELS)[number];
export type EngagementKey = EngagementLevel["key"];
export const ENGAGEMENT_KEYS = LEVELS.map((l) => l.key) as [EngagementKey, ...EngagementKey[]];

export type EngagementInput = {
  completion: number;
  readingSeconds: number;
  pagesViewed: number;
  visits: number;
  downloaded: boolean;
};

export function engagementRank({ completion, readingSeconds, pagesViewed, visits, downloaded }: EngagementInput): number {
  const secondsPerPage = pagesViewed > 0 ? readingSeconds / pagesViewed : 0;
  if (
    (completion >= HIGH_INTEREST_MIN_COMPLETION && secondsPerPage >= HIGH_INTEREST_MIN_SECONDS_PER_PAGE) ||
    (completion >= HIGH_INTEREST_RETURNING_MIN_COMPLETION && (visits >= HIGH_INTEREST_MIN_VISITS || downloaded))
  ) {
    return 4;
  }
  if (completion >= READ_MIN_COMPLETION && secondsPerPage >= READ_MIN_SECONDS_PER_PAGE) return 3;
  if (completion >= SKIMMED_MIN_COMPLETION || pagesViewed >= SKIMMED_MIN_PAGES) return 2;
  if (pagesViewed >= OPENED_MIN_PAGES) return 1;
  return 0;
}

export const levelOfRank = (rank: number): EngagementLevel => LEVELS[Math.max(0, Math.min(4, rank))]!;
export const levelOfKey = (key: EngagementKey): EngagementLevel => LEVELS.find((l) => l.key === key)!;
export const engagementLevel = (input: EngagementInput) => levelOfRank(engagementRank(input));

/** { label, type } as SPEC.md's engagement objects. */
export const engagementObject = (rank: number) => {
  const { label, type } = levelOfRank(rank);
  return { label, type };
};

/**
 * The same rule as a SQL expression over the given column expressions (trusted SQL fragments).
 * Used by windowed analytics; a test checks it against engagementRank() case by case.
 */
export function engagementRankSql(c: {
  completion: Prisma.Sql;
  readingSeconds: Prisma.Sql;
  pagesViewed: Prisma.Sql;
  visits: Prisma.Sql;
  downloaded: Prisma.Sql;
}): Prisma.Sql {
  const perPage = Prisma.sql`(CASE WHEN ${c.pagesViewed} > 0 THEN ${c.readingSeconds}::float8 / ${c.pagesViewed} ELSE 0 END)`;
  return Prisma.sql`(CASE
    WHEN (${c.completion} >= ${HIGH_INTEREST_MIN_COMPLETION}::float8 AND ${perPage} >= ${HIGH_INTEREST_MIN_SECONDS_PER_PAGE}::float8)
      OR (${c.completion} >= ${HIGH_INTEREST_RETURNING_MIN_COMPLETION}::float8 AND (${c.visits} >= ${HIGH_INTEREST_MIN_VISITS}::int OR ${c.downloaded}))
      THEN 4
    WHEN ${c.completion} >= ${READ_MIN_COMPLETION}::float8 AND ${perPage} >= ${READ_MIN_SECONDS_PER_PAGE}::float8 THEN 3
    WHEN ${c.completion} >= ${SKIMMED_MIN_COMPLETION}::float8 OR ${c.pagesViewed} >= ${SKIMMED_MIN_PAGES}::int THEN 2
    WHEN ${c.pagesViewed} >= ${OPENED_MIN_PAGES}::int THEN 1
    ELSE 0 END)`;
}
