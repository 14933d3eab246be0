import { documentLeads } from "@/lib/analytics/document-leads";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { leadsQuery } from "@/lib/schemas/analytics";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseQuery } from "@/lib/http/parse";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { resolveLinkFilter } from "@/lib/links/link-filter";

export const GET = withApiKey<{ short_code: string }>({ can: "analytics.read" }, async ({ req, access, params }) => {
  const doc = await findOwnedDocument(access.teamId, params.short_code);
  const query = parseQuery(leadsQuery, req);
  return json(await documentLeads(doc, query, await resolveLinkFilter(doc, query.link)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
