"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import "react-pdf/dist/Page/TextLayer.css";
import { GateForm } from "./gate-form";
import { PageSkeleton } from "./page-skeleton";
import { ReadingTracker } from "./reading-tracker";
import type { ViewerProps } from "./viewer-shell";

// The worker ships with the app (/_next/static), never from a CDN.
pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();

// Range loading: pdf.js asks for the bytes it needs, so the first page of a large PDF shows early.
const PDF_OPTIONS = { disableAutoFetch: true, disableStream: true, rangeChunkSize: 128 * 1024 };
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];
const MAX_PAGE_WIDTH = 900;

export function PdfViewer({ code, title, pageCount, readablePages, file, gate, canDownload }: ViewerProps) {
  const [numPages, setNumPages] = useState(0);
  const [failed, setFailed] = useState(false);
  const [containerWidth, setContainerWidth] = useState(0);
  const [zoomIndex, setZoomIndex] = useState(2);
  const [aspect, setAspect] = useState(11 / 8.5);
  const [current, setCurrent] = useState(1);
  const [near, setNear] = useState<Set<number>>(() => new Set([1, 2]));
  const containerRef = useRef<HTMLDivElement>(null);
  const slots = useRef(new Map<number, HTMLDivElement>());
  const ratios = useRef(new Map<number, number>());
  const tracker = useMemo(() => new ReadingTracker(`/s/${code}/track`), [code]);

  const pages = Math.min(numPages, readablePages);
  const pageWidth = Math.max(200, Math.min(containerWidth - 24, MAX_PAGE_WIDTH)) * ZOOMS[zoomIndex]!;

  useEffect(() => tracker.start(), [tracker]);

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setContainerWidth(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The page mostly in view is the current page (for the indicator and for reading time).
  useEffect(() => {
    if (!pages) return;
    const inView = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.current.set(Number((entry.target as HTMLElement).dataset.page), entry.intersectionRatio * entry.boundingClientRect.height);
        let best = 0;
        let bestVisible = 0;
        for (const [page, visible] of ratios.current) {
          if (visible > bestVisible) [best, bestVisible] = [page, visible];
        }
        if (best) setCurrent(best);
        tracker.setCurrentPage(best || null);
      },
      { threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
    );
    // Only pages near the viewport are rendered.
    const nearby = new IntersectionObserver(
      (entries) =>
        setNear((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.page);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        }),
      { rootMargin: "150% 0px" },
    );
    for (const slot of slots.current.values()) {
      inView.observe(slot);
      nearby.observe(slot);
    }
    return () => {
      inView.disconnect();
      nearby.disconnect();
    };
  }, [pages, tracker]);

  const goTo = useCallback(
    (page: number) => {
      const target = Math.max(1, Math.min(page, pages));
      // Instant, not smooth: a smooth scroll is cut short when pages above finish rendering and change height.
      slots.current.get(target)?.scrollIntoView({ block: "start" });
    },
    [pages],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest("input, textarea, select, [contenteditable]") || event.metaKey || event.ctrlKey || event.altKey) return;
      const moves: Record<string, () => number> = {
        ArrowDown: () => current + 1,
        ArrowRight: () => current + 1,
        PageDown: () => current + 1,
        ArrowUp: () => current - 1,
        ArrowLeft: () => current - 1,
        PageUp: () => current - 1,
        Home: () => 1,
        End: () => pages,
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      goTo(move());
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [current, pages, goTo]);

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
          <h1 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900 sm:text-base" title={title}>
            {title}
          </h1>
          <nav aria-label="Pages" className="flex items-center gap-1">
            <ToolbarButton label="Previous page" onClick={() => goTo(current - 1)} disabled={current <= 1}>
              ‹
            </ToolbarButton>
            <span data-testid="page-indicator" aria-live="polite" className="min-w-[4.5rem] text-center text-sm text-slate-700 tabular-nums">
              {current} / {pageCount}
            </span>
            <ToolbarButton label="Next page" onClick={() => goTo(current + 1)} disabled={current >= pages}>
              ›
            </ToolbarButton>
          </nav>
          <div className="hidden items-center gap-1 sm:flex" aria-label="Zoom">
            <ToolbarButton label="Zoom out" onClick={() => setZoomIndex((z) => Math.max(0, z - 1))} disabled={zoomIndex === 0}>
              −
            </ToolbarButton>
            <span className="w-12 text-center text-sm text-slate-600 tabular-nums">{Math.round(ZOOMS[zoomIndex]! * 100)}%</span>
            <ToolbarButton label="Zoom in" onClick={() => setZoomIndex((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoomIndex === ZOOMS.length - 1}>
              +
            </ToolbarButton>
          </div>
          {canDownload && (
            <a
              href={`/s/${code}/download`}
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
            >
              Download
            </a>
          )}
        </div>
      </header>

      <div ref={containerRef} className="mx-auto flex max-w-6xl flex-col items-center gap-4 overflow-x-auto px-3 py-6">
        {failed ? (
          <div role="alert" className="mt-16 max-w-md rounded-xl border border-red-200 bg-white p-6 text-center shadow-sm">
            <h2 className="font-semibold text-slate-900">This document could not be displayed</h2>
            <p className="mt-2 text-sm text-slate-600">Check your connection and reload the page. If it keeps happening, ask the sender for a new link.</p>
          </div>
        ) : (
          file && (
            <Document
              file={file}
              options={PDF_OPTIONS}
              onLoadSuccess={({ numPages: n }) => setNumPages(n)}
              onLoadError={() => setFailed(true)}
              loading={<PageSkeleton />}
              error={<span />}
              className="flex flex-col items-center gap-4"
            >
              {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
                <div
                  key={page}
                  data-page={page}
                  data-testid={`pdf-page-${page}`}
                  ref={(element) => {
                    if (element) slots.current.set(page, element);
                    else slots.current.delete(page);
                  }}
                  className="relative overflow-hidden bg-white shadow-md"
                  // A fixed size per page: rendering pages never shifts the layout (or a jump to a page).
                  style={{ width: pageWidth, height: pageWidth * aspect }}
                  aria-label={`Page ${page} of ${pageCount}`}
                  role="region"
                >
                  {near.has(page) ? (
                    <Page
                      pageNumber={page}
                      width={pageWidth}
                      // The text layer makes pages selectable and readable by screen readers.
                      renderAnnotationLayer={false}
                      loading={<div style={{ height: pageWidth * aspect }} className="animate-pulse bg-slate-50" />}
                      onLoadSuccess={(p) => page === 1 && setAspect(p.originalHeight / p.originalWidth)}
                      onRenderSuccess={() => slots.current.get(page)?.setAttribute("data-rendered", "true")}
                    />
                  ) : null}
                </div>
              ))}
            </Document>
          )
        )}
        {gate && numPages > 0 && (
          <div className="relative w-full" style={{ maxWidth: pageWidth }}>
            <div aria-hidden className="absolute inset-0 rounded bg-white/60 blur-sm" />
            <div className="relative py-10">
              <GateForm code={code} title={title} pageCount={pageCount} gate={gate} />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function ToolbarButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="flex h-9 w-9 items-center justify-center rounded-md text-lg text-slate-700 hover:bg-slate-100 disabled:opacity-40"
    >
      {children}
    </button>
  );
}
