import type { Metadata } from "next";
import { AuditLogFilters } from "@/components/dashboard/audit-log-filters";
import { AuditLogTable } from "@/components/dashboard/audit-log-table";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { auditLogPageData } from "@/lib/dashboard/audit-log-page-data";
import { requireTeamPage } from "@/lib/http/require-team";
import { roleRefusal } from "@/lib/teams/role-refusal";
import { RoleRefusalNotice } from "@/components/dashboard/role-refusal-notice";
import { plural } from "@/lib/plural";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const team = await requireTeamPage();
  const refusal = await roleRefusal(team, "audit.read");
  if (refusal) return <RoleRefusalNotice refusal={refusal} />;
  const { raw, understood, filtered, members, entries, pagination } = await auditLogPageData(team, await searchParams);
  const link = (page: number) => ({
    pathname: "/settings/audit-log",
    query: Object.fromEntries(Object.entries({ ...raw, page: String(page) }).filter(([, v]) => v)),
  });
  return (
    <>
      <PageHeader title="Audit log" description="Who changed what in this team, from the dashboard or through the API, newest first." />
      <AuditLogFilters values={raw} members={members} />
      {!understood && (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Some filters were not understood and were ignored.
        </p>
      )}
      <AuditLogTable entries={entries} filtered={filtered} />
      <Pager
        label="Pagination"
        page={pagination.page}
        totalPages={pagination.total_pages}
        href={link}
        summary={`Page ${pagination.page} of ${pagination.total_pages} · ${plural(pagination.total, "change")}`}
      />
    </>
  );
}
