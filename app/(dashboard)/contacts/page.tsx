import type { Metadata } from "next";
import { ContactsFilters } from "@/components/dashboard/contacts-filters";
import { ContactsTable } from "@/components/dashboard/contacts-table";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { buttonClass } from "@/components/ui/button";
import { contactsPageData } from "@/lib/dashboard/contacts-page-data";
import { requireTeamPage } from "@/lib/http/require-team";
import { plural } from "@/lib/plural";

export const metadata: Metadata = { title: "Contacts" };

/** Everyone who gave an email on the team's documents and rooms, searchable, filtered by company, sorted, to take as CSV. */
export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const team = await requireTeamPage("analytics.read");
  const { raw, understood, filtered, companies, contacts, pagination } = await contactsPageData(team.teamId, await searchParams);
  const filters = Object.fromEntries(Object.entries(raw).filter(([name, value]) => name !== "page" && value));
  const csv = `/api/dashboard/contacts.csv${Object.keys(filters).length ? `?${new URLSearchParams(filters)}` : ""}`;
  return (
    <>
      <PageHeader
        title="Contacts"
        description="Everyone who gave an email on your documents and rooms: what they read, for how long, and how engaged they are."
        actions={
          <a href={csv} className={buttonClass("secondary")} download>
            Download CSV
          </a>
        }
      />
      <ContactsFilters values={raw} companies={companies} />
      {!understood && (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Some filters were not understood and were ignored.
        </p>
      )}
      <ContactsTable contacts={contacts} filtered={filtered} />
      <Pager
        label="Contact pages"
        page={pagination.page}
        totalPages={pagination.total_pages}
        href={(page) => ({ pathname: "/contacts", query: { ...filters, page: String(page) } })}
        summary={`Page ${pagination.page} of ${Math.max(pagination.total_pages, 1)} · ${plural(pagination.total, "person", "people")}`}
      />
    </>
  );
}
