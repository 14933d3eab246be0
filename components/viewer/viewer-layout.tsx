import type { Ref } from "react";

export const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];
export const DEFAULT_ZOOM_INDEX = 2;

type ToolbarProps = {
  title: string;
  pageCount: number;
  current: number;
  /** Pages the reader can move between now. */
  pages: number;
  zoomIndex: number;
  downloadHref: string | null;
  /** Absent while the renderer loads: the same toolbar is shown, its controls disabled. */
  actions?: { goTo: (page: number) => void; zoom: (step: -1 | 1) => void };
};

/**
 * The viewer's frame: a sticky toolbar over the page column. The server renders it with the
 * title and page count before the PDF renderer has loaded, so the first paint already shows what
 * the reader opened and nothing moves when the renderer takes over.
 */
export function ViewerLayout({ toolbar, contentRef, children }: { toolbar: ToolbarProps; contentRef?: Ref<HTMLDivElement>; children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <ViewerToolbar {...toolbar} />
      </header>
      <div ref={contentRef} className="mx-auto flex max-w-6xl flex-col items-center gap-4 overflow-x-auto px-3 py-6">
        {children}
      </div>
    </div>
  );
}

function ViewerToolbar({ title, pageCount, current, pages, zoomIndex, downloadHref, actions }: ToolbarProps) {
  return (
    <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
      <h1 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900 sm:text-base" title={title}>
        {title}
      </h1>
      <nav aria-label="Pages" className="flex items-center gap-1">
        <ToolbarButton label="Previous page" onClick={actions && (() => actions.goTo(current - 1))} disabled={current <= 1}>
          ‹
        </ToolbarButton>
        <span data-testid="page-indicator" aria-live="polite" className="min-w-[4.5rem] text-center text-sm text-slate-700 tabular-nums">
          {current} / {pageCount}
        </span>
        <ToolbarButton label="Next page" onClick={actions && (() => actions.goTo(current + 1))} disabled={current >= pages}>
          ›
        </ToolbarButton>
      </nav>
      <div className="hidden items-center gap-1 sm:flex" aria-label="Zoom">
        <ToolbarButton label="Zoom out" onClick={actions && (() => actions.zoom(-1))} disabled={zoomIndex === 0}>
          −
        </ToolbarButton>
        <span className="w-12 text-center text-sm text-slate-600 tabular-nums">{Math.round(ZOOMS[zoomIndex]! * 100)}%</span>
        <ToolbarButton label="Zoom in" onClick={actions && (() => actions.zoom(1))} disabled={zoomIndex === ZOOMS.length - 1}>
          +
        </ToolbarButton>
      </div>
      {downloadHref && (
        <a href={downloadHref} className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
          Download
        </a>
      )}
    </div>
  );
}

function ToolbarButton({ label, onClick, disabled, children }: { label: string; onClick?: () => void; disabled: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled || !onClick}
      className="flex h-9 w-9 items-center justify-center rounded-md text-lg text-slate-700 hover:bg-slate-100 disabled:opacity-40"
    >
      {children}
    </button>
  );
}
