import type { z } from "zod";
import type { viewerListSchema } from "../schemas/analytics";
import { pagination } from "../schemas/common";
import { db } from "../db/client";
import type { Document, Prisma } from "../generated/prisma/client";
import { completionPageCount } from "../rules/completion";
import { levelOfRank } from "../rules/engagement";
import type { ByLink } from "./document-stats";
import { agreementAcceptedAt, viewersAcceptedAt } from "./agreement-accepted-at";
import { documentReaders } from "./document-readers";
import type { ReadVersion } from "./read-version";

/**
 * A document's viewers, most engaged first, then most recently seen (docs/contract-decisions.md).
 * With a link, the viewers who visited through it, each with their figures across the document.
 * With a version, the viewers who read it, each with the figures of their visits of it only.
 */
export async function documentViewers(
  doc: Document,
  page: number,
  perPage: number,
  link?: ByLink,
  version?: ReadVersion,
): Promise<z.input<typeof viewerListSchema>> {
  if (version) return versionViewers(doc, page, perPage, link, version);
  const where: Prisma.ViewerWhereInput = { documentId: doc.id, ...(link && { visitRecords: { some: { linkId: link.linkId } } }) };
  const [rows, total] = await Promise.all([
    db.viewer.findMany({
      where,
      orderBy: [{ engagementRank: "desc" }, { lastViewedAt: { sort: "desc", nulls: "last" } }, { id: "asc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    db.viewer.count({ where }),
  ]);
  const accepted = await viewersAcceptedAt(doc.id, rows);
  return {
    viewers: rows.map((v) => ({
      viewer_id: v.publicId,
      email: v.email,
      company_domain: v.companyDomain,
      first_viewed_at: (v.firstViewedAt ?? v.createdAt).toISOString(),
      last_viewed_at: (v.lastViewedAt ?? v.createdAt).toISOString(),
      visits: v.visits,
      pages_viewed: v.pagesViewed,
      total_pages: completionPageCount(v.pagesViewed, v.completion, doc.pageCount),
      completion: Math.round(v.completion * 10_000) / 10_000,
      total_time_seconds: Math.round(v.totalTimeSeconds * 100) / 100,
      downloaded: v.downloaded,
      engagement_label: levelOfRank(v.engagementRank).label,
      agreement_accepted_at: accepted.get(v.id)?.toISOString() ?? null,
    })),
    total_viewers: total,
    pagination: pagination(page, perPage, total),
  };
}

/** The viewers of one version (through the link, when given), figured from their visits of it as the readers table does. */
async function versionViewers(doc: Document, page: number, perPage: number, link: ByLink | undefined, version: ReadVersion) {
  const { readers, pagination } = await documentReaders(doc, { since: undefined, until: undefined }, page, perPage, link, version);
  const accepted = await agreementAcceptedAt(
    doc.id,
    readers.map((r) => r.viewerId),
  );
  return {
    viewers: readers.map((r) => ({
      viewer_id: r.viewerId,
      email: r.email,
      company_domain: r.companyDomain,
      first_viewed_at: r.firstSeenAt.toISOString(),
      last_viewed_at: r.lastSeenAt.toISOString(),
      visits: r.visits,
      pages_viewed: r.pagesViewed,
      total_pages: completionPageCount(r.pagesViewed, r.completion, version.pageCount),
      completion: r.completion,
      total_time_seconds: r.totalTimeSeconds,
      downloaded: r.downloaded,
      engagement_label: r.engagementLabel,
      agreement_accepted_at: accepted.get(r.viewerId)?.toISOString() ?? null,
    })),
    total_viewers: pagination.total,
    pagination,
  };
}
