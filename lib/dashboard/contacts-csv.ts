import { teamContacts } from "../analytics/team-contacts";
import type { ContactsQuery } from "../schemas/contacts";
import { toCsv } from "./csv";
import type { CsvExport } from "./document-csv";

const HEADER = [
  "email",
  "name",
  "company_domain",
  "documents_read",
  "rooms_read",
  "visits",
  "total_time_seconds",
  "first_seen_at",
  "last_active_at",
  "engagement_label",
  "lead",
];
const BATCH = 100;

/** The team's contacts as CSV, times in UTC, with the page's filters and sort (every page of them). */
export async function contactsCsv(teamId: string, filters: Omit<ContactsQuery, "page" | "per_page">): Promise<CsvExport> {
  const rows: Array<Array<string | number | boolean | null>> = [];
  for (let page = 1; ; page++) {
    const { contacts, pagination } = await teamContacts(teamId, { ...filters, page, per_page: BATCH });
    for (const c of contacts) {
      rows.push([
        c.email,
        c.name,
        c.company_domain,
        c.documents_read,
        c.rooms_read,
        c.visits,
        c.total_time_seconds,
        c.first_seen_at,
        c.last_active_at,
        c.engagement_label,
        c.lead,
      ]);
    }
    if (page >= pagination.total_pages) break;
  }
  return { filename: "contacts.csv", body: toCsv(HEADER, rows) };
}
