import { type Ref, Suspense } from "react";
import { COLUMN } from "./pages/page-geometry";
import { ViewerToolbar, type ViewerToolbarProps } from "./viewer-toolbar";

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
  toolbar: ViewerToolbarProps;
  contentRef?: Ref<HTMLElement>;
  children: React.ReactNode;
}) {
  return (
    <div className="flex h-dvh flex-col bg-slate-100">
      <header className="z-20 shrink-0 border-b border-slate-200 bg-white">
        {/* A boundary of its own: hydrated in a task apart from the document's. */}
        <Suspense>
          <ViewerToolbar {...toolbar} />
        </Suspense>
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
