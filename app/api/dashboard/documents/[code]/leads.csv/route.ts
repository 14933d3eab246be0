import { documentLeads } from "@/lib/analytics/document-leads";
import { auth } from "@/lib/auth/auth";
import { csvResponse, toCsv } from "@/lib/dashboard/csv";
import { findOwnedDocument } from "@/lib/documents/find-document";

export async function GET(_req: Request, { params }: { params: Promise<{ code: string }> }) {
  const userId = (await auth())?.user?.id;
  if (!userId) return new Response("Sign in first.", { status: 401 });
  const doc = await findOwnedDocument(userId, (await params).code).catch(() => null);
  if (!doc) return new Response("Not found", { status: 404 });
  const rows: Array<Array<string | number | boolean | null>> = [];
  for (let page = 1; ; page++) {
    const { leads, pagination } = await documentLeads(doc, { page, per_page: 100, since: undefined, until: undefined });
    for (const l of leads) rows.push([l.email, l.name, l.company_domain, l.captured_at, l.engagement_label]);
    if (page >= pagination.total_pages) break;
  }
  return csvResponse(`${doc.title}-leads.csv`, toCsv(["email", "name", "company_domain", "captured_at", "engagement_label"], rows));
}
