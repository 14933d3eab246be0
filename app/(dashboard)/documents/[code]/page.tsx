import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActivityOverview } from "@/components/dashboard/activity-overview";
import { DocumentHeader } from "@/components/dashboard/document-header";
import { DocumentSettingsCards } from "@/components/dashboard/document-settings-cards";
import { DocumentTables } from "@/components/dashboard/document-tables";
import { LinksSection } from "@/components/dashboard/links-section";
import { PeriodBar } from "@/components/dashboard/period-bar";
import { VersionsCard } from "@/components/dashboard/versions-card";
import { WaitingGatesNotice } from "@/components/dashboard/waiting-gates-notice";
import { requireTeamPage } from "@/lib/http/require-team";
import { documentPageData } from "@/lib/dashboard/document-page-data";
import { funnelVersionQuery } from "@/lib/dashboard/reading-funnel";
import { versionsCardData } from "@/lib/dashboard/versions-card-data";
import { mayDelete } from "@/lib/teams/permissions";

export const metadata: Metadata = { title: "Document" };

export default async function DocumentPage({
  params,
  searchParams,
}: {
  params: Promise<{ code: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const team = await requireTeamPage("documents.read");
  const search = await searchParams;
  const data = await documentPageData(team.teamId, (await params).code, search);
  if (!data) notFound();
  const { doc, period, url, linkRows } = data;
  const basePath = `/documents/${doc.code}`;

  return (
    <>
      <DocumentHeader doc={doc} url={url} uploaded={Boolean(search.uploaded)} />
      <WaitingGatesNotice notices={data.gateNotices} />
      <PeriodBar
        url={url}
        period={period}
        basePath={basePath}
        params={funnelVersionQuery(data.funnel)}
        covers={{ all: "all activity", period: "visits, downloads and leads from this period" }}
      />
      <ActivityOverview
        activity={{ ...data, leads: data.leads.pagination.total }}
        period={period}
        basePath={basePath}
        thumbnails={{ code: doc.code, version: doc.version, pages: doc.pageImages }}
      />
      <LinksSection documentCode={doc.code} defaultLink={linkRows.defaultLink} links={linkRows.links} period={period} />
      <DocumentTables data={data} search={search} />
      <VersionsCard code={doc.code} data={await versionsCardData(team.teamId, doc.code)} />
      <DocumentSettingsCards doc={doc} settings={data.settings} deletable={mayDelete(team, doc.createdById)} />
    </>
  );
}
