import { csvResponse } from "@/lib/dashboard/csv";
import { viewersCsv } from "@/lib/dashboard/document-csv";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { withSession } from "@/lib/http/with-session";

export const GET = withSession<{ code: string }>(async ({ req, userId, params }) => {
  const doc = await findOwnedDocument(userId, params.code);
  const { filename, body } = await viewersCsv(doc, new URL(req.url).searchParams.get("period") ?? undefined);
  return csvResponse(filename, body);
});
