import type { z } from "zod";
import { pagination } from "../schemas/common";
import type { documentListSchema, ListDocumentsQuery } from "../schemas/documents";
import { levelOfKey } from "../rules/engagement";
import { db } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { serializeListItem } from "./serialize";

const NATURAL_DIRECTION = { created_at: "desc", views: "desc", engagement: "desc", title: "asc" } as const;
const SORT_COLUMN = { created_at: "createdAt", views: "views", engagement: "engagementRank", title: "title" } as const;

/**
 * The team's active documents, filtered, sorted and paginated, read from the maintained
 * aggregate columns: two indexed queries however many events there are. Used by the API (as docs/api-contract.md
 * list items) and the dashboard.
 */
export async function queryDocuments(teamId: string, query: ListDocumentsQuery) {
  const where: Prisma.DocumentWhereInput = {
    teamId,
    deletedAt: null,
    ...(query.search ? { title: { contains: query.search, mode: "insensitive" } } : {}),
    ...(query.engagement ? { engagementRank: levelOfKey(query.engagement).rank } : {}),
    ...(query.has_leads === true ? { leadsCount: { gt: 0 } } : query.has_leads === false ? { leadsCount: 0 } : {}),
    ...(query.since || query.until
      ? { createdAt: { ...(query.since ? { gte: query.since } : {}), ...(query.until ? { lt: query.until } : {}) } }
      : {}),
  };
  const natural = NATURAL_DIRECTION[query.sort];
  const direction = query.order ?? natural;
  // Ties: created_at newest first, then id; all reversed when order reverses the natural direction.
  const tieDirection = direction === natural ? "desc" : "asc";
  const orderBy: Prisma.DocumentOrderByWithRelationInput[] = [{ [SORT_COLUMN[query.sort]]: direction }];
  if (query.sort !== "created_at") orderBy.push({ createdAt: tieDirection });
  orderBy.push({ id: tieDirection });

  const [rows, total] = await Promise.all([
    db.document.findMany({
      where,
      orderBy,
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
      select: {
        id: true,
        title: true,
        code: true,
        pageCount: true,
        pageImages: true,
        firstPageAspect: true,
        version: true,
        views: true,
        uniqueViewers: true,
        leadsCount: true,
        engagementRank: true,
        createdAt: true,
      },
    }),
    db.document.count({ where }),
  ]);
  return { rows, pagination: pagination(query.page, query.per_page, total) };
}

export async function listDocuments(teamId: string, query: ListDocumentsQuery): Promise<z.input<typeof documentListSchema>> {
  const { rows, pagination } = await queryDocuments(teamId, query);
  return { documents: rows.map(serializeListItem), pagination };
}
