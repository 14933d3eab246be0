import { FormError } from "@/components/ui/field";
import { plural } from "@/lib/plural";
import { type VersionOutcome, gateNotice } from "@/lib/versions/version-outcome";

/** What the last upload or restore came to: the version readers now get, or why nothing changed. */
export type VersionReport = { kind: "changed"; outcome: VersionOutcome } | { kind: "error"; message: string } | null;

export function VersionReportNotice({ report }: { report: VersionReport }) {
  if (!report) return null;
  if (report.kind === "error") return <FormError message={report.message} />;
  const { outcome } = report;
  const gates = gateNotice(outcome);
  return (
    <div role="status" data-testid="version-report" className="space-y-1 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p>
        Readers now get version {outcome.number} ({plural(outcome.page_count, "page")}) on every link of this document.
      </p>
      {gates && (
        <p className="font-medium" data-testid="gate-move-notice">
          {gates}
        </p>
      )}
    </div>
  );
}
