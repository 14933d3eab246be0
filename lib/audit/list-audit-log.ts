import type { z } from "zod";
import { db } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { AUDIT_ACTIONS, type AuditLogQuery, type auditEntrySchema, type auditLogSchema } from "../schemas/audit";
import { pagination } from "../schemas/common";

type Entry = Prisma.AuditEntryGetPayload<true>;

/** One entry as the API shows it. */
export function serializeAuditEntry(entry: Entry): z.input<typeof auditEntrySchema> {
  const type = entry.actorApiKeyId ? "api_key" : entry.actorUserId ? "member" : "operator";
  return {
    id: entry.id,
    action: entry.action as (typeof AUDIT_ACTIONS)[number],
    actor: {
      type,
      user_id: entry.actorUserId,
      email: entry.actorEmail,
      name: entry.actorName,
      ...(entry.actorApiKeyId && { api_key_id: entry.actorApiKeyId, api_key_name: entry.actorApiKeyName ?? "" }),
    },
    address: entry.actorAddress,
    target: { type: entry.targetType as z.input<typeof auditEntrySchema>["target"]["type"], id: entry.targetId, label: entry.targetLabel },
    details: (entry.details ?? {}) as Record<string, unknown>,
    created_at: entry.createdAt.toISOString(),
  };
}

/** The filters as a query on the team's entries. */
export function auditLogWhere(teamId: string, query: Omit<AuditLogQuery, "page" | "per_page">): Prisma.AuditEntryWhereInput {
  const action = query.action;
  return {
    teamId,
    ...(action && ((AUDIT_ACTIONS as readonly string[]).includes(action) ? { action } : { targetType: action })),
    ...(query.actor && { actorUserId: query.actor }),
    // A document's or link's code is stored as `s-<code>`; the bare code names it too.
    ...(query.target && { targetId: { in: [query.target, `s-${query.target}`] } }),
    ...((query.since || query.until) && {
      createdAt: { ...(query.since && { gte: query.since }), ...(query.until && { lt: query.until }) },
    }),
  };
}

/**
 * The team's audit log, newest first, filtered and paginated. Who may read it is the adapter's
 * check (`audit.read`: admins and the owner), like every other list.
 */
export async function listAuditLog(teamId: string, query: AuditLogQuery): Promise<z.input<typeof auditLogSchema>> {
  const where = auditLogWhere(teamId, query);
  const [total, rows] = await Promise.all([
    db.auditEntry.count({ where }),
    db.auditEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
    }),
  ]);
  return { entries: rows.map(serializeAuditEntry), pagination: pagination(query.page, query.per_page, total) };
}
