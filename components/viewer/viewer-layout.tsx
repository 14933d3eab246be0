import { type Ref, useId } from "react";
import { COLUMN } from "./page-geometry";

export type ZoomState = {
  /** The page width as a percentage of the 100 % width. */
  percent: number;
  fit: "width" | "page" | null;
  canZoomIn: boolean;
  canZoomOut: boolean;
};

export const DEFAULT_ZOOM_STATE: ZoomState = { percent: 100, fit: null, canZoomIn: true, canZoomOut: true };

type ToolbarProps = {
  title: string;
  pageCount: number;
  current: number;
  /** Pages the reader can move between now. */
  pages: number;
  zoom: ZoomState;
  downloadHref: string | null;
  /** Absent while the renderer loads: the same toolbar is shown, its controls disabled. */
  actions?: { goTo: (page: number) => void; zoom: (step: -1 | 1) => void; fit: (mode: "width" | "page") => void };
};

/**
 * The viewer's frame: the toolbar over the document, which scrolls in its own container (the
 * `<main>` landmark) both ways, so a zoomed page can be panned to either edge while the toolbar
 * stays put. The column is as wide as the viewport or the page, whichever is wider, and centres
 * the page inside it: content never sits at a negative offset. The server renders this frame with
 * the title and page count before the PDF renderer has loaded, so nothing moves when it takes over.
 */
export function ViewerLayout({
  toolbar,
  contentRef,
  children,
}: {
  toolbar: ToolbarProps;
  contentRef?: Ref<HTMLElement>;
  children: React.ReactNode;
}) {
  return (
    <div className="flex h-dvh flex-col bg-slate-100">
      <header className="z-20 shrink-0 border-b border-slate-200 bg-white">
        <ViewerToolbar {...toolbar} />
      </header>
      <main
        ref={contentRef}
        aria-label="Document"
        // Focusable, so the keyboard reaches the document even where nothing in it takes focus.
        tabIndex={0}
        // Native pinch is off here: two fingers zoom the document, not the whole page. The vertical
        // scrollbar is always there, so a fit-width page never resizes itself by making it appear.
        className="min-h-0 flex-1 touch-pan-x touch-pan-y overflow-x-auto overflow-y-scroll overscroll-contain focus-visible:-outline-offset-2"
      >
        <div
          className="flex w-max min-w-full flex-col items-center"
          style={{ gap: COLUMN.gap, padding: `${COLUMN.top}px ${COLUMN.inline}px` }}
        >
          {children}
        </div>
      </main>
    </div>
  );
}

/**
 * One row from `sm` up; on a phone two: the title (and Download) over the page and zoom controls,
 * so every control stays on screen. Download comes last for the keyboard on every screen.
 */
function ViewerToolbar({ title, pageCount, current, pages, zoom, downloadHref, actions }: ToolbarProps) {
  return (
    <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-3 py-1 sm:h-14 sm:flex-nowrap sm:gap-4 sm:px-4 sm:py-0">
      <h1 className="order-1 min-w-0 flex-1 truncate py-2 text-sm font-semibold text-slate-900 sm:py-0 sm:text-base" title={title}>
        {title}
      </h1>
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
        <ToolbarButton label="Fit width" pressed={zoom.fit === "width"} onClick={actions && (() => actions.fit("width"))} disabled={false}>
          <FitIcon width={18} height={12} />
        </ToolbarButton>
        <ToolbarButton label="Fit page" pressed={zoom.fit === "page"} onClick={actions && (() => actions.fit("page"))} disabled={false}>
          <FitIcon width={12} height={16} />
        </ToolbarButton>
      </div>
      {downloadHref && (
        <a
          href={downloadHref}
          className="order-2 shrink-0 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700 sm:order-4"
        >
          Download
        </a>
      )}
    </div>
  );
}

/** A frame of the given shape with a double arrow along its long side: wide for "fit width", tall for "fit page". */
function FitIcon({ width, height }: { width: number; height: number }) {
  const [x, y] = [(20 - width) / 2, (20 - height) / 2];
  const arrow =
    width > height
      ? `M${x + 3} 10h${width - 6}M${x + 3} 10l2-2M${x + 3} 10l2 2M${x + width - 3} 10l-2-2M${x + width - 3} 10l-2 2`
      : `M10 ${y + 3}v${height - 6}M10 ${y + 3}l-2 2M10 ${y + 3}l2 2M10 ${y + height - 3}l-2-2M10 ${y + height - 3}l2-2`;
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round">
      <rect x={x} y={y} width={width} height={height} rx={1.5} />
      <path d={arrow} />
    </svg>
  );
}

function ToolbarButton({
  label,
  onClick,
  disabled,
  pressed,
  reason,
  children,
}: {
  label: string;
  onClick?: () => void;
  disabled: boolean;
  pressed?: boolean;
  /** Why the button is disabled, when a reader would wonder. */
  reason?: string;
  children: React.ReactNode;
}) {
  const reasonId = useId();
  const button = (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-describedby={disabled && reason ? reasonId : undefined}
      title={label}
      onClick={onClick}
      disabled={disabled || !onClick}
      className="flex h-9 w-9 items-center justify-center rounded-md text-lg text-slate-700 hover:bg-slate-100 disabled:opacity-40 aria-pressed:bg-slate-200"
    >
      {children}
    </button>
  );
  if (!disabled || !reason) return button;
  // A disabled button gets no pointer events, so its wrapper carries the hover text.
  return (
    <span title={reason} data-testid="disabled-reason">
      {button}
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </span>
  );
}
