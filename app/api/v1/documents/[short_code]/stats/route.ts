import { documentStats } from "@/lib/analytics/document-stats";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { statsQuery } from "@/lib/schemas/analytics";
import { json, parseQuery, withApiKey } from "@/lib/http/with-api-key";
import { findOwnedDocument } from "@/lib/documents/find-document";

export const GET = withApiKey<{ short_code: string }>(async ({ req, userId, params }) => {
  const doc = await findOwnedDocument(userId, params.short_code);
  return json(await documentStats(doc, parseQuery(statsQuery, req)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
