import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { updateLinkSchema } from "@/lib/schemas/links";
import { withApiKey } from "@/lib/http/with-api-key";
import { json, noContent } from "@/lib/http/respond";
import { parseJsonBody } from "@/lib/http/parse";
import { deleteLink } from "@/lib/links/delete-link";
import { findOwnedLink } from "@/lib/links/find-link";
import { linkWithFigures } from "@/lib/links/link-with-figures";
import { updateLink } from "@/lib/links/update-link";

type Params = { code: string };

export const GET = withApiKey<Params>({ can: "documents.read" }, async ({ access, params }) =>
  json(await linkWithFigures(await findOwnedLink(access.teamId, params.code))),
);

export const PATCH = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  // 404 before looking at the body, as for every other method on this path.
  const link = await findOwnedLink(access.teamId, params.code);
  const updated = await updateLink(access, link, await parseJsonBody(updateLinkSchema, req));
  return json(await linkWithFigures({ ...updated, document: link.document }));
});

export const DELETE = withApiKey<Params>({ can: "documents.write" }, async ({ access, params }) => {
  await deleteLink(access, await findOwnedLink(access.teamId, params.code));
  return noContent();
});

export const { POST, PUT, OPTIONS } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
