import { documentDownloads } from "../analytics/document-downloads";
import { documentLeads } from "../analytics/document-leads";
import { documentStats } from "../analytics/document-stats";
import { readersWithVisits } from "../analytics/readers-with-visits";
import { viewsOverTime } from "../analytics/views-over-time";
import { findOwnedDocument } from "../documents/find-document";
import { documentLink } from "../links/document-links";
import { waitingGateNotice, waitingGateOfCode } from "../versions/waiting-gates";
import { pageNumber } from "./document-page-data";
import { periodFromKey } from "./period";
import { readingFunnel } from "./reading-funnel";

const PER_PAGE = 20;

/**
 * What the dashboard's page of one share link shows, for the period, funnel version and table
 * pages in its query: the link and its document, and the figures, funnel, views per day, readers,
 * leads and downloads through that link, and the gate its readers meet when it stands before the
 * page chosen for it while the current version is too short. Throws `not_found` for another
 * account's document or link, or none.
 */
export async function linkPageData(teamId: string, code: string, linkCode: string, search: Record<string, string | undefined>) {
  const doc = await findOwnedDocument(teamId, code);
  const link = await documentLink(doc, linkCode);
  const { key, period } = periodFromKey(search.period, "all");
  const [stats, funnel, readers, leads, downloads, perDay, waiting] = await Promise.all([
    documentStats(doc, period, link.filter),
    readingFunnel(doc, period, search.version, link.filter),
    readersWithVisits(doc, period, pageNumber(search.vpage), PER_PAGE, link.filter),
    documentLeads(doc, { page: pageNumber(search.lpage), per_page: PER_PAGE, ...period }, link.filter),
    documentDownloads(doc, period, pageNumber(search.dpage), PER_PAGE, link.filter),
    viewsOverTime(teamId, period, { documentId: doc.id, link: link.filter }),
    waitingGateOfCode(doc, link.filter.linkId),
  ]);
  const gateNotices = waiting ? [waitingGateNotice(waiting, doc)] : [];
  return { doc, link, period: key, stats, funnel, readers, leads, downloads, perDay, gateNotices };
}
