import type { linkPageData } from "@/lib/dashboard/link-page-data";
import { periodName } from "@/lib/dashboard/period";
import { DownloadsCard } from "./downloads-card";
import { LeadsCard } from "./leads-card";
import { ReadersCard } from "./readers-card";

type Search = Record<string, string | undefined>;
type LinkPageData = Awaited<ReturnType<typeof linkPageData>>;

/** The readers, leads and downloads through one link in the period, a page of each. */
export function LinkTables({
  data: { doc, link, period, readers, leads, downloads },
  search,
}: {
  data: Pick<LinkPageData, "doc" | "link" | "period" | "readers" | "leads" | "downloads">;
  search: Search;
}) {
  const allTime = period === "all";
  const pageLink = (changes: Search) => ({ pathname: `/documents/${doc.code}/links/${link.code}`, query: { ...search, ...changes } });
  return (
    <>
      <ReadersCard
        readers={readers}
        documentCode={doc.code}
        period={period}
        description={`Readers with a visit through this link${allTime ? "" : ` in the ${periodName(period).toLowerCase()}`}, most engaged first; figures count those visits. Open a row for its visits.`}
        empty={allTime ? "Nobody has opened this link yet." : "Nobody opened this link in this period."}
        pageHref={(page) => pageLink({ vpage: String(page) })}
      />
      <LeadsCard
        leads={leads}
        description="Emails captured by the gate of this link, newest first"
        empty={
          link.collectsLeads
            ? allTime
              ? "No leads through this link yet."
              : "No leads through this link in this period."
            : "This link has no email gate, so it collects no leads."
        }
        pageHref={(page) => pageLink({ lpage: String(page) })}
      />
      <DownloadsCard
        downloads={downloads}
        description="Copies of the file downloaded through this link, newest first"
        empty={
          allTime
            ? link.allowsDownload
              ? "Nobody has downloaded the file through this link yet."
              : "Downloads are off for this link."
            : "No downloads through this link in this period."
        }
        pageHref={(page) => pageLink({ dpage: String(page) })}
      />
    </>
  );
}
