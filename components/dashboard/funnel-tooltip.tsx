import { pageImageUrl } from "./page-thumbnail";

/** One bar of the reading funnel: a page, the visits that got that far, and the mean seconds spent on it. */
export type FunnelStep = { page: number; reached: number; avg_time_seconds: number };
/** Pages 1..`pages` of the document `code`, at its current `version`, have thumbnails. */
export type FunnelThumbnails = { code: string; version: number; pages: number };

/** A funnel bar pointed at: the page's picture (when it has one) and its figures. */
export function FunnelTooltip({ step, thumbnails }: { step: FunnelStep; thumbnails?: FunnelThumbnails }) {
  return (
    <div className="flex gap-3 rounded-md border border-slate-200 bg-white p-2 text-xs shadow-md" data-testid="funnel-tooltip">
      {thumbnails && step.page <= thumbnails.pages && (
        // A plain <img>: the owner's thumbnail route serves it already small.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={pageImageUrl(thumbnails.code, thumbnails.version, step.page)}
          alt=""
          className="w-20 rounded-sm border border-slate-200 bg-white"
        />
      )}
      <dl className="space-y-1">
        <dt className="font-medium text-slate-900">Page {step.page}</dt>
        <dd className="text-slate-600">
          {step.reached} {step.reached === 1 ? "visit" : "visits"} got this far
        </dd>
        <dd className="text-slate-600">{step.avg_time_seconds} s on average</dd>
      </dl>
    </div>
  );
}
