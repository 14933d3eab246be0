import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActivityOverview } from "@/components/dashboard/activity-overview";
import { LinkHeader } from "@/components/dashboard/link-header";
import { LinkTables } from "@/components/dashboard/link-tables";
import { PeriodBar } from "@/components/dashboard/period-bar";
import { WaitingGatesNotice } from "@/components/dashboard/waiting-gates-notice";
import { requireTeamPage } from "@/lib/http/require-team";
import { linkPageData } from "@/lib/dashboard/link-page-data";
import { funnelVersionQuery } from "@/lib/dashboard/reading-funnel";
import { ApiError } from "@/lib/errors";

export const metadata: Metadata = { title: "Link" };

/** Another account's document or link, or none, is the dashboard's 404 page; any other failure stays what it is. */
function missingIsNotFound(error: unknown): never {
  if (error instanceof ApiError && error.code === "not_found") notFound();
  throw error;
}

/** One share code of a document: its readers, funnel, visits, leads and downloads in the chosen period. */
export default async function LinkPage({
  params,
  searchParams,
}: {
  params: Promise<{ code: string; linkCode: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const team = await requireTeamPage("documents.read");
  const { code, linkCode } = await params;
  const search = await searchParams;
  const data = await linkPageData(team.teamId, code, linkCode, search).catch(missingIsNotFound);
  const { doc, link, period, stats } = data;
  const basePath = `/documents/${doc.code}/links/${link.code}`;

  return (
    <>
      <LinkHeader doc={doc} link={link} period={period} />
      <WaitingGatesNotice notices={data.gateNotices} />
      <PeriodBar
        url={link.url}
        period={period}
        basePath={basePath}
        params={funnelVersionQuery(data.funnel)}
        covers={{ all: "all activity through this link", period: "visits, downloads and leads through this link from this period" }}
      />
      {period === "all" && stats.views === 0 && (
        <p role="status" className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="link-empty">
          Nobody has opened this link yet.{" "}
          {link.deleted ? "It was deleted before anyone read through it." : "Send it to its recipient: their reading shows up here."}
        </p>
      )}
      <ActivityOverview
        activity={{ ...data, leads: data.leads.pagination.total }}
        period={period}
        basePath={basePath}
        thumbnails={{ code: doc.code, version: doc.version, pages: doc.pageImages }}
      />
      <LinkTables data={data} search={search} />
    </>
  );
}
