import type { z } from "zod";
import type { leadListSchema } from "../schemas/analytics";
import { type Period, pagination } from "../schemas/common";
import { db } from "../db/client";
import type { Document, Prisma } from "../generated/prisma/client";
import { levelOfRank } from "../rules/engagement";
import type { ByLink } from "./document-stats";

/** Leads captured through the gate, newest first, optionally within a period of captured_at and through one link. */
export async function documentLeads(
  doc: Document,
  query: Period & { page: number; per_page: number },
  link?: ByLink,
): Promise<z.input<typeof leadListSchema>> {
  const where: Prisma.LeadWhereInput = {
    documentId: doc.id,
    ...(link && { linkId: link.linkId }),
    ...(query.since || query.until
      ? { capturedAt: { ...(query.since ? { gte: query.since } : {}), ...(query.until ? { lt: query.until } : {}) } }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.lead.findMany({
      where,
      orderBy: [{ capturedAt: "desc" }, { id: "asc" }],
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
      include: { viewer: { select: { engagementRank: true } } },
    }),
    db.lead.count({ where }),
  ]);
  return {
    leads: rows.map((l) => ({
      email: l.email,
      name: l.name,
      company_domain: l.companyDomain,
      captured_at: l.capturedAt.toISOString(),
      engagement_label: levelOfRank(l.viewer.engagementRank).label,
      verified: l.verified,
    })),
    pagination: pagination(query.page, query.per_page, total),
  };
}
