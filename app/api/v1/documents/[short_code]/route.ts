import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { updateDocumentSchema } from "@/lib/schemas/documents";
import { withApiKey } from "@/lib/http/with-api-key";
import { json, noContent } from "@/lib/http/respond";
import { parseJsonBody } from "@/lib/http/parse";
import { deleteDocument } from "@/lib/documents/delete-document";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { serializeDocument } from "@/lib/documents/serialize";
import { changeDocumentSettings } from "@/lib/links/change-document-settings";

type Params = { short_code: string };

export const GET = withApiKey<Params>({ can: "documents.read" }, async ({ access, params }) =>
  json(serializeDocument(await findOwnedDocument(access.teamId, params.short_code))),
);

export const PATCH = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  // 404 before looking at the body, as for every other method on this path.
  const doc = await findOwnedDocument(access.teamId, params.short_code);
  const update = await parseJsonBody(updateDocumentSchema, req);
  return json(serializeDocument(await changeDocumentSettings(access, doc, update)));
});

export const DELETE = withApiKey<Params>({ can: "documents.write" }, async ({ access, params }) => {
  await deleteDocument(access, params.short_code);
  return noContent();
});

export const { POST, PUT, OPTIONS } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
