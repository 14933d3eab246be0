import type { z } from "zod";
import type { viewerListSchema } from "../schemas/analytics";
import { pagination } from "../schemas/common";
import { db } from "../db/client";
import type { Document, Prisma } from "../generated/prisma/client";
import { completionPageCount } from "../rules/completion";
import { levelOfRank } from "../rules/engagement";
import type { ByLink } from "./document-stats";
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
  const accepted = await agreementAcceptances(doc.id, rows);
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

/**
 * When each viewer last accepted the document's agreement. An acceptance names its viewer when the
 * reader had passed the gate; one given before any viewer existed (agreement before a preview
 * gate) is the viewer's who read in that browser.
 */
async function agreementAcceptances(documentId: string, viewers: Array<{ id: string; browserId: string | null }>) {
  const accepted = new Map<string, Date>();
  if (viewers.length === 0) return accepted;
  const browsers = viewers.flatMap((v) => (v.browserId ? [v.browserId] : []));
  const rows = await db.agreementAcceptance.findMany({
    where: { documentId, OR: [{ viewerId: { in: viewers.map((v) => v.id) } }, { viewerId: null, browserId: { in: browsers } }] },
    select: { viewerId: true, browserId: true, acceptedAt: true },
  });
  for (const viewer of viewers) {
    for (const row of rows) {
      if (row.viewerId !== viewer.id && !(row.viewerId === null && row.browserId === viewer.browserId)) continue;
      const latest = accepted.get(viewer.id);
      if (!latest || row.acceptedAt > latest) accepted.set(viewer.id, row.acceptedAt);
    }
  }
  return accepted;
}

/** When each of these readers (by public id) last accepted the document's agreement, for the dashboard. */
export async function agreementAcceptedAt(documentId: string, publicIds: string[]): Promise<Map<string, Date>> {
  const viewers = await db.viewer.findMany({
    where: { documentId, publicId: { in: publicIds } },
    select: { id: true, publicId: true, browserId: true },
  });
  const accepted = await agreementAcceptances(documentId, viewers);
  return new Map(viewers.flatMap((v) => (accepted.has(v.id) ? [[v.publicId, accepted.get(v.id)!] as const] : [])));
}
