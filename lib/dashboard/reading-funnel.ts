import { type ByLink, pageAnalytics } from "../analytics/document-stats";
import { pageFunnel } from "../analytics/page-funnel";
import { type ReadVersion, currentVersion } from "../analytics/read-version";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { versionFilterParam } from "../schemas/analytics";
import type { Period } from "../schemas/common";

/** A version the funnel can show; `current`: readers get it now. */
export type FunnelVersion = ReadVersion & { current: boolean };

/**
 * The reading funnel of a document's page (or one link's): per page, the visits that got that far
 * and their mean time on it. Pages differ between versions, so a funnel is one version's while
 * the figures above it count every version: it says which one it shows and offers the kept ones,
 * newest first. `asked` is the page's `?version=`, read as the API's; one the document does not
 * keep (or no number) shows the current version.
 */
export async function readingFunnel(
  doc: Pick<Document, "id" | "version" | "pageCount">,
  period: Period,
  asked: string | undefined,
  link?: ByLink,
) {
  const kept = await db.documentVersion.findMany({
    where: { documentId: doc.id },
    orderBy: { number: "desc" },
    select: { number: true, pageCount: true },
  });
  const versions: FunnelVersion[] = kept.map((v) => ({ number: v.number, pageCount: v.pageCount, current: v.number === doc.version }));
  const number = versionFilterParam.safeParse(asked).data;
  const version = versions.find((v) => v.number === number) ?? { ...currentVersion(doc), current: true };
  const [reached, pages] = await Promise.all([pageFunnel(doc.id, version, period, link), pageAnalytics(doc.id, version, period, link)]);
  const steps = reached.map((step, i) => ({ page: step.page, reached: step.visits, avg_time_seconds: pages[i]?.avg_time_seconds ?? 0 }));
  return { version, versions, steps };
}

export type ReadingFunnel = Awaited<ReturnType<typeof readingFunnel>>;

/** The query that keeps the funnel's version across the page's other links (the period's): none for the current one. */
export const funnelVersionQuery = ({ version }: ReadingFunnel): Record<string, string> =>
  version.current ? {} : { version: String(version.number) };
