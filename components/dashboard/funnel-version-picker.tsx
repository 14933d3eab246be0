import { Button } from "@/components/ui/button";
import { QueryForm } from "@/components/ui/query-form";
import { Select } from "@/components/ui/select";
import type { PeriodKey } from "@/lib/dashboard/period";
import type { FunnelVersion } from "@/lib/dashboard/reading-funnel";
import { plural } from "@/lib/plural";

/** A version as the funnel names it: "Version 3 (current) · 12 pages". */
export const funnelVersionName = (version: FunnelVersion) =>
  `Version ${version.number}${version.current ? " (current)" : ""} · ${plural(version.pageCount, "page")}`;

/**
 * The version whose pages the funnel shows, by name; with other versions kept, a choice of them
 * sent as `?version=` beside the period, so an earlier version's funnel is a link like the rest of
 * the page. A select and a button, not a select that loads on change: arrowing through the options
 * would load the page once per option.
 */
export function FunnelVersionPicker({
  shown,
  versions,
  basePath,
  period,
}: {
  shown: FunnelVersion;
  versions: FunnelVersion[];
  basePath: string;
  period: PeriodKey;
}) {
  if (versions.length < 2) {
    return (
      <p className="text-sm text-slate-600" data-testid="funnel-version">
        {funnelVersionName(shown)}
      </p>
    );
  }
  return (
    <QueryForm action={basePath} className="flex items-center gap-2" data-testid="funnel-version">
      <input type="hidden" name="period" value={period} />
      <label htmlFor="funnel-version" className="sr-only">
        Version shown in the funnel
      </label>
      <Select
        // A new page (back, forward, another choice) shows its own version, not the one last picked here.
        key={shown.number}
        id="funnel-version"
        name="version"
        defaultValue={String(shown.number)}
        options={versions.map((version) => [String(version.number), funnelVersionName(version)])}
        className="w-auto"
      />
      <Button type="submit" variant="secondary" size="sm">
        Show
      </Button>
    </QueryForm>
  );
}
