import { documentViewers } from "@/lib/analytics/document-viewers";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { viewersQuery } from "@/lib/schemas/analytics";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseQuery } from "@/lib/http/parse";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { resolveLinkFilter } from "@/lib/links/link-filter";
import { resolveVersionFilter } from "@/lib/analytics/read-version";

export const GET = withApiKey<{ short_code: string }>({ can: "analytics.read" }, async ({ req, access, params }) => {
  const doc = await findOwnedDocument(access.teamId, params.short_code);
  const query = parseQuery(viewersQuery, req);
  const [link, version] = [await resolveLinkFilter(doc, query.link), await resolveVersionFilter(doc, query.version)];
  return json(await documentViewers(doc, query.page, query.per_page, link, version));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
