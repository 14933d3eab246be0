import { pagination } from "../schemas/common";
import { db } from "../db/client";
import type { Document, Prisma } from "../generated/prisma/client";
import type { ByLink } from "./document-stats";
import { levelOfRank } from "../rules/engagement";

/**
 * A document's viewers, most engaged first, then most recently seen (docs/contract-decisions.md).
 * With a link, the viewers who visited through it, each with their figures across the document.
 */
export async function documentViewers(doc: Document, page: number, perPage: number, link?: ByLink) {
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
  return {
    viewers: rows.map((v) => ({
      viewer_id: v.publicId,
      email: v.email,
      company_domain: v.companyDomain,
      first_viewed_at: (v.firstViewedAt ?? v.createdAt).toISOString(),
      last_viewed_at: (v.lastViewedAt ?? v.createdAt).toISOString(),
      visits: v.visits,
      pages_viewed: v.pagesViewed,
      total_pages: doc.pageCount,
      completion: Math.round(v.completion * 10_000) / 10_000,
      total_time_seconds: Math.round(v.totalTimeSeconds * 100) / 100,
      downloaded: v.downloaded,
      engagement_label: levelOfRank(v.engagementRank).label,
    })),
    total_viewers: total,
    pagination: pagination(page, perPage, total),
  };
}
