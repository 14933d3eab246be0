import { documentViewers } from "@/lib/analytics/document-viewers";
import { readerLabels } from "@/lib/analytics/reader-labels";
import { csvResponse, toCsv } from "@/lib/dashboard/csv";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { withSession } from "@/lib/http/with-session";

export const GET = withSession<{ code: string }>(async ({ userId, params }) => {
  const doc = await findOwnedDocument(userId, params.code);
  const labels = await readerLabels(doc.id);
  const rows: Array<Array<string | number | boolean | null>> = [];
  for (let page = 1; ; page++) {
    const { viewers, pagination } = await documentViewers(doc, page, 100);
    for (const v of viewers) {
      rows.push([
        v.viewer_id,
        v.email,
        v.company_domain,
        v.visits,
        v.pages_viewed,
        v.total_pages,
        v.completion,
        v.total_time_seconds,
        v.downloaded,
        v.engagement_label,
        v.first_viewed_at,
        v.last_viewed_at,
        labels.get(v.viewer_id) ?? null,
        v.agreement_accepted_at,
      ]);
    }
    if (page >= pagination.total_pages) break;
  }
  const header = [
    "viewer_id",
    "email",
    "company_domain",
    "visits",
    "pages_viewed",
    "total_pages",
    "completion",
    "total_time_seconds",
    "downloaded",
    "engagement_label",
    "first_viewed_at",
    "last_viewed_at",
    "reader",
    "agreement_accepted_at",
  ];
  return csvResponse(`${doc.title}-viewers.csv`, toCsv(header, rows));
});
