import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { createLinkSchema, listLinksQuery } from "@/lib/schemas/links";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseJsonBody, parseQuery } from "@/lib/http/parse";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { createLink } from "@/lib/links/create-link";
import { NO_FIGURES } from "@/lib/links/link-figures";
import { listLinks } from "@/lib/links/list-links";
import { serializeLink } from "@/lib/links/serialize-link";

type Params = { short_code: string };

export const GET = withApiKey<Params>({ can: "documents.read" }, async ({ req, access, params }) => {
  const doc = await findOwnedDocument(access.teamId, params.short_code);
  const query = parseQuery(listLinksQuery, req);
  return json(await listLinks(doc, query.page, query.per_page));
});

export const POST = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  const doc = await findOwnedDocument(access.teamId, params.short_code);
  const link = await createLink(access, doc, await parseJsonBody(createLinkSchema, req));
  return json(serializeLink(link, doc, NO_FIGURES), 201, { Location: `/api/v1/links/${link.code}` });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
