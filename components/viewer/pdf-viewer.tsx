"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import type { DocumentInitParameters } from "pdfjs-dist/types/src/display/api";
import "react-pdf/dist/Page/TextLayer.css";
import { GateForm } from "./gate-form";
import { PageSkeleton } from "./page-skeleton";
import { PDF_CHUNK_BYTES } from "./pdf-opening";
import { usePdfSource } from "./pdf-source";
import { pdfWorkerPort } from "./pdf-worker";
import { ReadingTracker } from "./reading-tracker";
import { DEFAULT_ZOOM_INDEX, ViewerLayout, ZOOMS } from "./viewer-layout";
import type { ViewerProps } from "./viewer-shell";

// Range loading: pdf.js asks for the chunks it needs, so the first page of a large PDF shows early.
// The worker is passed in (not owned by a document), so switching from the preview to the full
// file never waits for, or races with, the previous document's teardown.
const PDF_OPTIONS: DocumentInitParameters = {
  disableAutoFetch: true,
  disableStream: true,
  rangeChunkSize: PDF_CHUNK_BYTES,
  worker: pdfjs.PDFWorker.create({ port: pdfWorkerPort() }),
};
const MAX_PAGE_WIDTH = 900;

export function PdfViewer({ code, title, pageCount, pageAspect, readablePages, file, gate, canDownload }: ViewerProps) {
  const [numPages, setNumPages] = useState(0);
  const [failed, setFailed] = useState(false);
  const { source, failed: sourceFailed } = usePdfSource(file);
  // While page 1 is on its way no other page is drawn: pdf.js's one worker would share its time.
  const [firstPainted, setFirstPainted] = useState(false);
  const [containerWidth, setContainerWidth] = useState(0);
  const [zoomIndex, setZoomIndex] = useState(DEFAULT_ZOOM_INDEX);
  const [aspect, setAspect] = useState(pageAspect);
  const [current, setCurrent] = useState(1);
  const [near, setNear] = useState<Set<number>>(() => new Set([1, 2]));
  const containerRef = useRef<HTMLDivElement>(null);
  const slots = useRef(new Map<number, HTMLDivElement>());
  const ratios = useRef(new Map<number, number>());
  const tracker = useMemo(() => new ReadingTracker(`/s/${code}/track`), [code]);

  const pages = Math.min(numPages, readablePages);
  const pageWidth = Math.max(200, Math.min(containerWidth - 24, MAX_PAGE_WIDTH)) * ZOOMS[zoomIndex]!;

  useEffect(() => tracker.start(), [tracker]);

  // Measured before the first paint, so pages are laid out at their final width from the start.
  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      setContainerWidth(element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The page mostly in view is the current page (for the indicator and for reading time); only
  // pages near the viewport are rendered. Slots join the observers as they mount, whenever that is.
  const observers = useRef<IntersectionObserver[]>([]);
  useEffect(() => {
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
    observers.current = [inView, nearby];
    for (const slot of slots.current.values()) observers.current.forEach((observer) => observer.observe(slot));
    return () => {
      observers.current = [];
      inView.disconnect();
      nearby.disconnect();
    };
  }, [tracker]);

  // Once the gate is passed the full file replaces the preview; the reader goes on at the gate's page.
  const gatePage = useRef(gate?.page ?? null);
  const resumeAt = useRef<number | null>(null);
  useEffect(() => {
    if (gate) gatePage.current = gate.page;
    else if (gatePage.current) [resumeAt.current, gatePage.current] = [gatePage.current, null];
  }, [gate]);

  const slotRef = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const page = Number(element.dataset.page);
    slots.current.set(page, element);
    if (page === resumeAt.current) {
      resumeAt.current = null;
      element.scrollIntoView({ block: "start" });
    }
    observers.current.forEach((observer) => observer.observe(element));
    return () => {
      slots.current.delete(page);
      ratios.current.delete(page);
      observers.current.forEach((observer) => observer.unobserve(element));
    };
  }, []);

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
    <ViewerLayout
      contentRef={containerRef}
      toolbar={{
        title,
        pageCount,
        current,
        pages,
        zoomIndex,
        downloadHref: canDownload ? `/s/${code}/download` : null,
        actions: { goTo, zoom: (step) => setZoomIndex((z) => Math.max(0, Math.min(ZOOMS.length - 1, z + step))) },
      }}
    >
      {failed || sourceFailed ? (
        <div role="alert" className="mt-16 max-w-md rounded-xl border border-red-200 bg-white p-6 text-center shadow-sm">
          <h2 className="font-semibold text-slate-900">This document could not be displayed</h2>
          <p className="mt-2 text-sm text-slate-600">Check your connection and reload the page. If it keeps happening, ask the sender for a new link.</p>
        </div>
      ) : (
        file &&
        (source ? (
          <Document
            file={source}
            // Loading and errors stay inside the viewer (skeleton, error panel), never suspending the toolbar.
            suspense={false}
            loading={<PageSkeleton aspect={aspect} />}
            options={PDF_OPTIONS}
            onLoadSuccess={async (pdf) => {
              // Page boxes take the first page's shape (portrait letter, A4, 16:9 slides) before they appear.
              const first = await pdf.getPage(1).catch(() => null);
              if (!first) return setFailed(true);
              const { width, height } = first.getViewport({ scale: 1 });
              setAspect(height / width);
              setNumPages(pdf.numPages);
            }}
            onLoadError={() => setFailed(true)}
            error={<span />}
            className="flex flex-col items-center gap-4"
          >
            {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
              <div
                key={page}
                data-page={page}
                data-testid={`pdf-page-${page}`}
                ref={slotRef}
                className="relative scroll-mt-18 overflow-hidden bg-white shadow-md"
                // A fixed size per page: rendering pages never shifts the layout (or a jump to a page).
                style={{ width: pageWidth, height: pageWidth * aspect }}
                aria-label={`Page ${page} of ${pageCount}`}
                role="region"
              >
                {near.has(page) && (page === 1 || firstPainted || !near.has(1)) ? (
                  <Page
                    pageNumber={page}
                    width={pageWidth}
                    // The text layer makes pages selectable and readable by screen readers.
                    renderAnnotationLayer={false}
                    loading={<div style={{ height: pageWidth * aspect }} className="animate-pulse bg-slate-50" />}
                    onRenderSuccess={() => {
                      slots.current.get(page)?.setAttribute("data-rendered", "true");
                      if (page === 1) setFirstPainted(true);
                    }}
                  />
                ) : null}
              </div>
            ))}
          </Document>
        ) : (
          <PageSkeleton aspect={aspect} />
        ))
      )}
      {gate && numPages > 0 && (
        <div className="relative w-full" style={{ maxWidth: pageWidth }}>
          <div aria-hidden className="absolute inset-0 rounded bg-white/60 blur-sm" />
          <div className="relative py-10">
            <GateForm code={code} title={title} pageCount={pageCount} gate={gate} />
          </div>
        </div>
      )}
    </ViewerLayout>
  );
}
