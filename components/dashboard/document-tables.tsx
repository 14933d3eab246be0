import { buttonClass } from "@/components/ui/button";
import type { DocumentPageData } from "@/lib/dashboard/document-page-data";
import { periodName } from "@/lib/dashboard/period";
import { AgreementsCard } from "./agreements-card";
import { LeadsCard } from "./leads-card";
import { ReadersCard } from "./readers-card";

type Search = Record<string, string | undefined>;

/**
 * The document's readers and leads in the period, a page of each, each with its CSV export of the
 * period; and, once it asks for one or any was accepted, the agreements its readers accepted.
 */
export function DocumentTables({
  data: { doc, period, readers, leads, agreements },
  search,
}: {
  data: Pick<DocumentPageData, "doc" | "period" | "readers" | "leads" | "agreements">;
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
      {(doc.agreement || agreements.pagination.total > 0) && (
        <AgreementsCard
          agreements={agreements}
          description="Who accepted which agreement to read this document, and when: its own, through its links, and its rooms’, all time, newest first"
          empty="No one has accepted the agreement yet."
          pageHref={(page) => pageLink({ apage: String(page) })}
        />
      )}
    </>
  );
}
