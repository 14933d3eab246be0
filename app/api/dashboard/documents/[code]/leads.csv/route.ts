import { documentLeads } from "@/lib/analytics/document-leads";
import { csvResponse, toCsv } from "@/lib/dashboard/csv";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { withSession } from "@/lib/http/with-session";

export const GET = withSession<{ code: string }>(async ({ userId, params }) => {
  const doc = await findOwnedDocument(userId, params.code);
  const rows: Array<Array<string | number | boolean | null>> = [];
  for (let page = 1; ; page++) {
    const { leads, pagination } = await documentLeads(doc, { page, per_page: 100, since: undefined, until: undefined });
    for (const l of leads) rows.push([l.email, l.name, l.company_domain, l.captured_at, l.engagement_label, l.verified]);
    if (page >= pagination.total_pages) break;
  }
  return csvResponse(
    `${doc.title}-leads.csv`,
    toCsv(["email", "name", "company_domain", "captured_at", "engagement_label", "verified"], rows),
  );
});
