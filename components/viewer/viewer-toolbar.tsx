import { DocumentSearch } from "./search/document-search";
import { FitIcon } from "./zoom/fit-icon";
import { ToolbarButton } from "./toolbar-button";
import { PagewiseMark, TeamLogo } from "./viewer-brand";

export type ZoomState = {
  /** The page width as a percentage of the 100 % width. */
  percent: number;
  fit: "width" | "page" | null;
  canZoomIn: boolean;
  canZoomOut: boolean;
};

export const DEFAULT_ZOOM_STATE: ZoomState = { percent: 100, fit: null, canZoomIn: true, canZoomOut: true };

export type ViewerToolbarProps = {
  title: string;
  pageCount: number;
  current: number;
  /** Pages the reader can move between now. */
  pages: number;
  zoom: ZoomState;
  downloadHref: string | null;
  /** A document opened in a room: the way back to the room's contents. */
  back?: { href: string; label: string } | null;
  /** Absent while the renderer loads: the same toolbar is shown, its controls disabled. */
  actions?: { goTo: (page: number) => void; zoom: (step: -1 | 1) => void; fit: (mode: "width" | "page") => void };
  /** The link stopped serving this reader: only the title (and the way back to a room) stay. */
  closed?: boolean;
  /** The code whose pages "Search in this document" searches (`/s/<code>/search`). */
  searchCode?: string;
};

/**
 * The title, the page controls, the zoom controls, search and Download: one row from `sm` up; on a
 * phone two, the title (with search and Download) over the page and zoom controls, so every control
 * stays on screen.
 * Download comes last for the keyboard on every screen.
 */
export function ViewerToolbar({
  title,
  pageCount,
  current,
  pages,
  zoom,
  downloadHref,
  back,
  actions,
  closed = false,
  searchCode,
}: ViewerToolbarProps) {
  return (
    <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-3 py-1 sm:h-14 sm:flex-nowrap sm:gap-4 sm:px-4 sm:py-0">
      {back && (
        <a
          href={back.href}
          className="order-1 shrink-0 rounded px-1 py-2 text-sm font-medium text-brand-ink hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          data-testid="back-to-room"
        >
          <span aria-hidden>← </span>
          <span className="sr-only">Back to </span>
          <span className="inline-block max-w-32 truncate align-bottom sm:max-w-48">{back.label}</span>
        </a>
      )}
      <TeamLogo className="order-1 h-7 max-w-24 shrink-0 sm:max-w-40" />
      <h1 className="order-1 min-w-0 flex-1 truncate py-2 text-sm font-semibold text-slate-900 sm:py-0 sm:text-base" title={title}>
        {title}
      </h1>
      {!closed && (
        <>
          <span aria-hidden className="order-3 basis-full sm:hidden" />
          <nav aria-label="Pages" className="order-4 flex items-center gap-1 sm:order-2">
            <ToolbarButton label="Previous page" onClick={actions && (() => actions.goTo(current - 1))} disabled={current <= 1}>
              ‹
            </ToolbarButton>
            <span
              data-testid="page-indicator"
              aria-live="polite"
              className="min-w-14 text-center text-sm text-slate-700 tabular-nums sm:min-w-[4.5rem]"
            >
              {current} / {pageCount}
            </span>
            <ToolbarButton
              label="Next page"
              onClick={actions && (() => actions.goTo(current + 1))}
              disabled={current >= pages}
              // The pages behind the email gate: a disabled Next says why, on hover and to screen readers.
              reason={
                pages > 0 && pages < pageCount && current >= pages ? `Page ${pages + 1} opens once you enter your email below` : undefined
              }
            >
              ›
            </ToolbarButton>
          </nav>
          <div role="group" aria-label="Zoom" className="order-5 ml-auto flex items-center gap-1 sm:order-3 sm:ml-0">
            <ToolbarButton label="Zoom out" onClick={actions && (() => actions.zoom(-1))} disabled={!zoom.canZoomOut}>
              −
            </ToolbarButton>
            <span data-testid="zoom-level" className="w-12 text-center text-sm text-slate-700 tabular-nums">
              {zoom.percent}%
            </span>
            <ToolbarButton label="Zoom in" onClick={actions && (() => actions.zoom(1))} disabled={!zoom.canZoomIn}>
              +
            </ToolbarButton>
            <ToolbarButton
              label="Fit width"
              pressed={zoom.fit === "width"}
              onClick={actions && (() => actions.fit("width"))}
              disabled={false}
            >
              <FitIcon width={18} height={12} />
            </ToolbarButton>
            <ToolbarButton label="Fit page" pressed={zoom.fit === "page"} onClick={actions && (() => actions.fit("page"))} disabled={false}>
              <FitIcon width={12} height={16} />
            </ToolbarButton>
          </div>
          {searchCode && <DocumentSearch code={searchCode} goTo={actions?.goTo} />}
        </>
      )}
      <PagewiseMark className="order-6 hidden shrink-0 lg:block" />
      {downloadHref && !closed && (
        <a
          href={downloadHref}
          className="order-2 shrink-0 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-brand-contrast shadow-sm hover:bg-brand-700 sm:order-4"
        >
          Download
        </a>
      )}
    </div>
  );
}
