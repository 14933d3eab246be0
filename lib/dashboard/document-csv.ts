import { documentLeads } from "../analytics/document-leads";
import { documentReaders } from "../analytics/document-readers";
import { agreementAcceptedAt } from "../analytics/agreement-accepted-at";
import { documentViewers } from "../analytics/document-viewers";
import { readerLabels } from "../analytics/reader-labels";
import type { Document } from "../generated/prisma/client";
import { completionPageCount } from "../rules/completion";
import { PERIODS, periodFromKey } from "./period";
import { toCsv } from "./csv";

type Cell = string | number | boolean | null;
export type CsvExport = { filename: string; body: string };

const LEAD_HEADER = ["email", "name", "company_domain", "captured_at", "engagement_label", "verified"];
const VIEWER_HEADER = [
  "viewer_id",
  "email",
  "company_domain",
  "visits",
  "pages_viewed",
  "total_pages",
  "completion",
  "total_time_seconds",
  "downloaded",
  "engagement_label",
  "first_viewed_at",
  "last_viewed_at",
  "reader",
  "agreement_accepted_at",
];
const BATCH = 100;

/** `Deck-leads.csv`, or `Deck-leads-last-7-days.csv` for a period. */
function filename(doc: Document, what: string, key: string) {
  const period = PERIODS.find((p) => p.key === key && p.days !== null);
  return `${doc.title}-${what}${period ? `-last-${period.label.replace(" ", "-")}` : ""}.csv`;
}

/**
 * The leads table as CSV for the page's period (`?period=` as on the document page; none: all
 * time): leads captured in it, newest first, times in UTC.
 */
export async function leadsCsv(doc: Document, periodKey: string | undefined): Promise<CsvExport> {
  const { key, period } = periodFromKey(periodKey, "all");
  const rows: Cell[][] = [];
  for (let page = 1; ; page++) {
    const { leads, pagination } = await documentLeads(doc, { page, per_page: BATCH, ...period });
    for (const l of leads) rows.push([l.email, l.name, l.company_domain, l.captured_at, l.engagement_label, l.verified]);
    if (page >= pagination.total_pages) break;
  }
  return { filename: filename(doc, "leads", key), body: toCsv(LEAD_HEADER, rows) };
}

/**
 * The viewers table as CSV for the page's period, times in UTC. All time: every viewer with their
 * lifetime figures (the API's viewer records). A period: the readers with a visit in it, each with
 * the figures of those visits only, as the document page's table counts them.
 */
export async function viewersCsv(doc: Document, periodKey: string | undefined): Promise<CsvExport> {
  const { key, period } = periodFromKey(periodKey, "all");
  const rows: Cell[][] = [];
  if (key === "all") {
    const labels = await readerLabels(doc.id);
    for (let page = 1; ; page++) {
      const { viewers, pagination } = await documentViewers(doc, page, BATCH);
      for (const v of viewers) {
        rows.push([
          v.viewer_id,
          v.email,
          v.company_domain,
          v.visits,
          v.pages_viewed,
          v.total_pages,
          v.completion,
          v.total_time_seconds,
          v.downloaded,
          v.engagement_label,
          v.first_viewed_at,
          v.last_viewed_at,
          labels.get(v.viewer_id) ?? null,
          v.agreement_accepted_at,
        ]);
      }
      if (page >= pagination.total_pages) break;
    }
  } else {
    for (let page = 1; ; page++) {
      const { readers, pagination } = await documentReaders(doc, period, page, BATCH);
      const accepted = await agreementAcceptedAt(
        doc.id,
        readers.map((r) => r.viewerId),
      );
      for (const r of readers) {
        rows.push([
          r.viewerId,
          r.email,
          r.companyDomain,
          r.visits,
          r.pagesViewed,
          completionPageCount(r.pagesViewed, r.completion, doc.pageCount),
          r.completion,
          r.totalTimeSeconds,
          r.downloaded,
          r.engagementLabel,
          r.firstSeenAt.toISOString(),
          r.lastSeenAt.toISOString(),
          r.label,
          accepted.get(r.viewerId)?.toISOString() ?? null,
        ]);
      }
      if (page >= pagination.total_pages) break;
    }
  }
  return { filename: filename(doc, "viewers", key), body: toCsv(VIEWER_HEADER, rows) };
}
