import { buttonClass } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import type { VersionsCardData } from "@/lib/dashboard/versions-card-data";
import { formatBytes } from "@/lib/documents/check-pdf-choice";
import { plural } from "@/lib/plural";
import { RestoreVersionButton } from "./restore-version-button";
import type { VersionReport } from "./version-report";

type Version = VersionsCardData["versions"][number];

/** Every kept version, newest first: what it is, who uploaded it when, its download, and a restore for the ones readers do not get. */
export function VersionHistory({ code, versions, report }: { code: string; versions: Version[]; report: (report: VersionReport) => void }) {
  return (
    <ol className="divide-y divide-slate-100" aria-label="Version history">
      {versions.map((version) => (
        <VersionRow key={version.number} code={code} version={version} report={report} />
      ))}
    </ol>
  );
}

function VersionRow({ code, version, report }: { code: string; version: Version; report: (report: VersionReport) => void }) {
  const by = version.created_by ? (version.created_by.name ?? version.created_by.email) : null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid={`version-${version.number}`}>
      <div className="min-w-0 flex-1 basis-60">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
          Version {version.number}
          {version.is_current && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
              Current
            </span>
          )}
        </p>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-700">{version.original_filename}</p>
        <p className="text-xs text-slate-500">
          {plural(version.page_count, "page")} · {formatBytes(version.size_bytes)} · uploaded {by && <>by {by} </>}on{" "}
          <LocalTime value={version.created_at} />
        </p>
      </div>
      <div className="flex gap-2">
        <a href={`/api/dashboard/documents/${code}/versions/${version.number}/file`} className={buttonClass("secondary", "sm")}>
          Download<span className="sr-only"> version {version.number}</span>
        </a>
        {!version.is_current && <RestoreVersionButton code={code} version={version} report={report} />}
      </div>
    </li>
  );
}
