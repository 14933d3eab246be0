import { documentAgreements } from "../analytics/document-agreements";
import { documentLeads } from "../analytics/document-leads";
import { documentStats } from "../analytics/document-stats";
import { readersWithVisits } from "../analytics/readers-with-visits";
import { viewsOverTime } from "../analytics/views-over-time";
import { findOwnedDocument } from "../documents/find-document";
import { serializeSettings } from "../documents/serialize";
import { shareUrl } from "../documents/short-code";
import { documentLinkRows } from "../links/document-links";
import { waitingGateNotice, waitingGates } from "../versions/waiting-gates";
import { periodFromKey } from "./period";
import { readingFunnel } from "./reading-funnel";

const PER_PAGE = 20;

/** A `?vpage=`-style page number: 1 unless a positive number is given. */
export const pageNumber = (value: string | undefined) => Math.max(1, Number(value) || 1);

/**
 * What the dashboard's document page shows, for the period, funnel version and table pages in its
 * query: the figures, funnel, views per day, one page of readers and of leads, one page of the
 * agreements its readers accepted (all time), the links, the settings, and the gates standing
 * before the page chosen for them while the current version is too short.
 * Null when the owner has no such document (any failure to find it reads as not found).
 */
export async function documentPageData(teamId: string, code: string, search: Record<string, string | undefined>) {
  const doc = await findOwnedDocument(teamId, code).catch(() => null);
  if (!doc) return null;
  const { key, period } = periodFromKey(search.period, "all");
  const [stats, funnel, readers, leads, agreements, perDay, linkRows, waiting] = await Promise.all([
    documentStats(doc, period),
    readingFunnel(doc, period, search.version),
    readersWithVisits(doc, period, pageNumber(search.vpage), PER_PAGE),
    documentLeads(doc, { page: pageNumber(search.lpage), per_page: PER_PAGE, ...period }),
    documentAgreements(doc, pageNumber(search.apage), PER_PAGE),
    viewsOverTime(teamId, period, { documentId: doc.id }),
    documentLinkRows(doc),
    waitingGates(doc),
  ]);
  const gateNotices = waiting.map((gate) => waitingGateNotice(gate, doc));
  return {
    doc,
    period: key,
    stats,
    funnel,
    readers,
    leads,
    agreements,
    perDay,
    linkRows,
    gateNotices,
    url: shareUrl(doc.code),
    settings: serializeSettings(doc),
  };
}

export type DocumentPageData = NonNullable<Awaited<ReturnType<typeof documentPageData>>>;
