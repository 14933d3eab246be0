import { listAuditLog } from "@/lib/audit/list-audit-log";
import { parseQuery } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";
import { auditLogQuery } from "@/lib/schemas/audit";

export const GET = withApiKey({ can: "audit.read" }, async ({ req, access }) =>
  json(await listAuditLog(access.teamId, parseQuery(auditLogQuery, req))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
