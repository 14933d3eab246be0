import { buttonClass } from "@/components/ui/button";
import type { DocumentPageData } from "@/lib/dashboard/document-page-data";
import { periodName } from "@/lib/dashboard/period";
import { LeadsCard } from "./leads-card";
import { ReadersCard } from "./readers-card";

type Search = Record<string, string | undefined>;

/** The document's readers and leads in the period, a page of each, each with its CSV export of the period. */
export function DocumentTables({
  data: { doc, period, readers, leads },
  search,
}: {
  data: Pick<DocumentPageData, "doc" | "period" | "readers" | "leads">;
  search: Search;
}) {
  const inPeriod = period === "all" ? "" : ` in the ${periodName(period).toLowerCase()}`;
  const pageLink = (changes: Search) => ({ pathname: `/documents/${doc.code}`, query: { ...search, ...changes } });
  // The exports cover what the tables show: the chosen period.
  const csvExport = (what: "viewers" | "leads") => (
    <a
      href={`/api/dashboard/documents/${doc.code}/${what}.csv${period === "all" ? "" : `?period=${period}`}`}
      className={buttonClass("secondary", "sm")}
    >
      Export CSV ({periodName(period).toLowerCase()})
    </a>
  );
  return (
    <>
      <ReadersCard
        readers={readers}
        documentCode={doc.code}
        period={period}
        description={`Readers with a visit${inPeriod}, most engaged first; figures count those visits. Open a row for its visits.`}
        actions={csvExport("viewers")}
        empty={period === "all" ? "Nobody has opened this document yet." : "Nobody opened this document in this period."}
        pageHref={(page) => pageLink({ vpage: String(page) })}
      />
      <LeadsCard
        leads={leads}
        description={`Emails captured by the gate${inPeriod}, newest first`}
        actions={csvExport("leads")}
        empty={
          doc.emailGate && doc.gateType !== "none"
            ? period === "all"
              ? "No leads yet."
              : "No leads in this period."
            : "The email gate is off, so this document collects no leads."
        }
        pageHref={(page) => pageLink({ lpage: String(page) })}
      />
    </>
  );
}
