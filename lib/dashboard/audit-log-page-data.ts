import { listAuditLog } from "../audit/list-audit-log";
import { presentParams } from "../request/present-params";
import { auditLogQuery } from "../schemas/audit";
import { getTeam } from "../teams/manage-team";
import type { TeamAccess } from "../teams/permissions";

/**
 * What the audit log page shows for its query: one page of the team's entries (25 a page) with the
 * same filters as the API, and the team's members for the "who" filter. A query it cannot read is
 * dropped whole for the newest entries; `understood` says so.
 */
export async function auditLogPageData(access: TeamAccess, search: Record<string, string | string[] | undefined>) {
  const raw = presentParams(search);
  const parsed = auditLogQuery.safeParse({ ...raw, per_page: "25" });
  const query = parsed.success ? parsed.data : auditLogQuery.parse({ per_page: "25" });
  const [log, team] = await Promise.all([listAuditLog(access.teamId, query), getTeam(access)]);
  const members = team.members.map((m) => ({ id: m.user_id, label: m.name ? `${m.name} (${m.email})` : m.email }));
  const filtered = Boolean(raw.action || raw.actor || raw.since || raw.until);
  return { raw, understood: parsed.success, filtered, members, ...log };
}
