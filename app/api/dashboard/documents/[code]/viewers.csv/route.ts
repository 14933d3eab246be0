import { csvResponse } from "@/lib/dashboard/csv";
import { viewersCsv } from "@/lib/dashboard/document-csv";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { withSession } from "@/lib/http/with-session";

export const GET = withSession<{ code: string }>({ can: "analytics.read" }, async ({ req, access, params }) => {
  const doc = await findOwnedDocument(access.teamId, params.code);
  const { filename, body } = await viewersCsv(doc, new URL(req.url).searchParams.get("period") ?? undefined);
  return csvResponse(filename, body);
});
