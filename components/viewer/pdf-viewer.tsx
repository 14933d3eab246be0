"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useRouter } from "next/navigation";
import { Document } from "react-pdf";
import "react-pdf/dist/Page/TextLayer.css";
import "react-pdf/dist/Page/AnnotationLayer.css";
import { GateForm } from "./gate-form";
import type { LoadProgress } from "./loading-bar";
import { PageImage, PageImageColumn } from "./page-image";
import { PageSkeleton } from "./page-skeleton";
import { PageSlot } from "./page-slot";
import { PDF_DOCUMENT_OPTIONS } from "./pdf-document-options";
import { usePdfSource } from "./pdf-source";
import { OwnerPreviewNote } from "./owner-preview-note";
import { type ClosedReason, ReadingTracker } from "./reading-tracker";
import {
  anchoredScroll,
  COLUMN,
  keepPageCurrent,
  type PageLayout,
  pageTop,
  type Point,
  type Scroll,
  wholePageScroll,
} from "./page-geometry";
import { useContainerSize } from "./use-container-size";
import { useCurrentPage } from "./use-current-page";
import { useNearbyPages } from "./use-nearby-pages";
import { useViewerKeys } from "./use-viewer-keys";
import { useZoomGestures } from "./use-zoom-gestures";
import { ViewerLayout } from "./viewer-layout";
import type { ViewerProps } from "./viewer-props";
import { clampScale, DEFAULT_ZOOM, pageWidthFor, scaleOf, stepFrom, type Zoom } from "./zoom";

// Canvases are redrawn at a new size once zoom input has paused this long; until then the drawn
// pages are scaled with CSS, so a pinch or a wheel zoom stays smooth.
const RENDER_SETTLE_MS = 200;
// A canvas wider than this is drawn at a lower pixel ratio (a 300 % page on a retina screen would take ~150 MB).
const MAX_CANVAS_PIXELS_WIDE = 4096;

type Anchor = { from: Point; to: Point; scroll: Scroll; page: number };

/**
 * The document's pages in one scrolling column, zoomable, with the email gate under the last page
 * the reader may see. The hooks each keep one thing: the column's size, the page in view, the pages
 * near it (the only ones drawn), the keys and the zoom gestures; this component ties them to the zoom.
 */
export function PdfViewer({
  code,
  title,
  pageCount,
  pageAspect,
  readablePages,
  pageImages,
  file,
  gate,
  canDownload,
  watermark,
  ownerPreview,
}: ViewerProps) {
  const [numPages, setNumPages] = useState(0);
  const [failed, setFailed] = useState(false);
  const { source, failed: sourceFailed } = usePdfSource(file);
  // While page 1 is on its way (until it is drawn or has failed) no other page is drawn: pdf.js's one worker would share its time.
  const [firstPainted, setFirstPainted] = useState(false);
  const [zoom, setZoom] = useState<Zoom>(DEFAULT_ZOOM);
  const [aspect, setAspect] = useState(pageAspect);
  const scrollRef = useRef<HTMLElement>(null);
  const router = useRouter();
  const [closed, setClosed] = useState<ClosedReason | null>(null);
  const tracker = useMemo(() => new ReadingTracker(`/s/${code}/track`, setClosed), [code]);
  // Access withdrawn (the owner blocked this reader or tightened the rules): the page as it now stands.
  useEffect(() => {
    if (closed === "refused") router.refresh();
  }, [closed, router]);
  // What is on screen, for event handlers that run between renders (a pinch sends many moves).
  const shown = useRef<PageLayout | null>(null);
  const anchor = useRef<Anchor | null>(null);

  const {
    current,
    currentRef,
    update: updateCurrent,
  } = useCurrentPage(
    scrollRef,
    shown,
    useCallback((page: number | null) => tracker.setCurrentPage(page), [tracker]),
  );

  // A resize (a turned phone, a window made narrower) keeps the point at the viewport's centre.
  const { size: viewport, sizeRef: shownViewport } = useContainerSize(scrollRef, (before, next) => {
    const element = scrollRef.current;
    if (!element || !shown.current?.pages) return;
    const scroll = { left: element.scrollLeft, top: element.scrollTop };
    anchor.current = {
      from: { x: before.width / 2, y: before.height / 2 },
      to: { x: next.width / 2, y: next.height / 2 },
      scroll,
      page: currentRef.current,
    };
  });

  const pages = Math.min(numPages, readablePages);
  const pageWidth = pageWidthFor(zoom, viewport, aspect);
  const layout = useMemo<PageLayout>(
    () => ({ width: pageWidth, height: pageWidth * aspect, pages, viewportWidth: viewport.width }),
    [pageWidth, aspect, pages, viewport.width],
  );
  const scale = scaleOf(pageWidth, viewport);

  useEffect(() => (ownerPreview ? undefined : tracker.start()), [tracker, ownerPreview]);

  // After a zoom or resize, before the paint: the scroll position that keeps the anchored point in
  // place and the current page current.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const before = shown.current;
    const pending = anchor.current;
    shown.current = layout;
    anchor.current = null;
    if (scroller && before && pending && layout.pages > 0) {
      const target = anchoredScroll(before, layout, pending.scroll, pending.from, pending.to);
      scroller.scrollLeft = target.left;
      scroller.scrollTop = target.top;
      scroller.scrollTop = keepPageCurrent(layout, scroller.scrollTop, scroller.clientHeight, pending.page);
    }
    updateCurrent();
  }, [layout, viewport, updateCurrent]);

  // Zoom input resizes the page boxes at once; the canvases keep their drawing, scaled, until the input pauses.
  const [heldRenderWidth, setHeldRenderWidth] = useState<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const renderWidth = heldRenderWidth ?? pageWidth;

  const zoomTo = useCallback(
    (next: Zoom, from: Point, to: Point) => {
      const scroller = scrollRef.current;
      const before = shown.current;
      if (!scroller || !before) return;
      const scroll = { left: scroller.scrollLeft, top: scroller.scrollTop };
      if (pageWidthFor(next, shownViewport.current, aspect) === before.width) {
        // Same size (at the end of the zoom range): a pinch's moving centre still pans.
        const target = anchoredScroll(before, before, scroll, from, to);
        scroller.scrollTo({ left: target.left, top: target.top });
        setZoom(next);
        return;
      }
      anchor.current = { from, to, scroll, page: currentRef.current };
      clearTimeout(settle.current);
      settle.current = setTimeout(() => setHeldRenderWidth(null), RENDER_SETTLE_MS);
      flushSync(() => {
        setHeldRenderWidth((held) => held ?? before.width);
        setZoom(next);
      });
    },
    [aspect, currentRef, shownViewport],
  );

  const centre = useCallback((): Point => {
    const scroller = scrollRef.current;
    return { x: (scroller?.clientWidth ?? 0) / 2, y: (scroller?.clientHeight ?? 0) / 2 };
  }, []);

  const step = useCallback(
    (direction: -1 | 1) => {
      if (!shown.current) return;
      const next = stepFrom(scaleOf(shown.current.width, shownViewport.current), direction);
      if (next !== null) zoomTo({ scale: next }, centre(), centre());
    },
    [zoomTo, centre, shownViewport],
  );
  const fit = useCallback(
    (mode: "width" | "page") => {
      const page = currentRef.current;
      zoomTo({ fit: mode }, centre(), centre());
      const scroller = scrollRef.current;
      if (mode !== "page" || !scroller || !shown.current) return;
      // The zoom kept the page current but maybe only partly in view (it was scrolled, or zoomed in): show it whole.
      const target = wholePageScroll(shown.current, page, scroller.clientHeight);
      currentRef.current = page;
      scroller.scrollTo({ left: target.left, top: target.top });
      updateCurrent();
    },
    [zoomTo, centre, currentRef, updateCurrent],
  );

  useZoomGestures(
    scrollRef,
    useCallback(
      (factor: number, from: Point, to: Point) => {
        if (shown.current) zoomTo({ scale: clampScale(scaleOf(shown.current.width, shownViewport.current) * factor) }, from, to);
      },
      [zoomTo, shownViewport],
    ),
  );

  // Once the gate is passed the full file replaces the preview; the reader goes on at the gate's page.
  const gatePage = useRef(gate?.page ?? null);
  const resumeAt = useRef<number | null>(null);
  useEffect(() => {
    if (gate) gatePage.current = gate.page;
    else if (gatePage.current) [resumeAt.current, gatePage.current] = [gatePage.current, null];
  }, [gate]);

  const { near, slotRef } = useNearbyPages(scrollRef, (page, element) => {
    if (page !== resumeAt.current) return;
    resumeAt.current = null;
    currentRef.current = page;
    element.scrollIntoView({ block: "start" });
  });

  const goTo = useCallback(
    (page: number) => {
      const scroller = scrollRef.current;
      if (!scroller || !shown.current) return;
      const target = Math.max(1, Math.min(page, shown.current.pages));
      // The page asked for wins a tie for "most visible" (several short pages in view at once).
      currentRef.current = target;
      scroller.scrollTop = pageTop(shown.current, target) - COLUMN.top;
      updateCurrent();
    },
    [currentRef, updateCurrent],
  );

  useViewerKeys(scrollRef, currentRef, { goTo, zoom: step, fit });

  const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_CANVAS_PIXELS_WIDE / renderWidth);
  const onPageSettled = useCallback((page: number) => page === 1 && setFirstPainted(true), []);
  // How much of the file has arrived, shown while the document opens (pdf.js goes on reporting as pages load).
  const [progress, setProgress] = useState<{ source: unknown; value: LoadProgress } | null>(null);
  const opened = useRef<unknown>(null);
  // Until pdf.js has the document, the server-rendered pages (or the skeleton with the file's progress, when there are none).
  const loadingPages =
    pageImages > 0 ? (
      <PageImageColumn
        code={code}
        pages={pageImages}
        box={{ width: pageWidth, height: layout.height }}
        watermark={watermark ? { text: watermark, pageWidth } : null}
      />
    ) : (
      <PageSkeleton aspect={aspect} progress={progress?.source === source ? progress.value : null} />
    );

  return (
    <ViewerLayout
      contentRef={scrollRef}
      toolbar={{
        title,
        pageCount,
        current,
        pages,
        zoom: {
          percent: Math.round(scale * 100),
          fit: "fit" in zoom ? zoom.fit : null,
          canZoomIn: stepFrom(scale, 1) !== null,
          canZoomOut: stepFrom(scale, -1) !== null,
        },
        downloadHref: canDownload ? `/s/${code}/download` : null,
        actions: { goTo, zoom: step, fit },
      }}
    >
      {ownerPreview && <OwnerPreviewNote />}
      {closed === "gone" || closed === "unavailable" ? (
        <div role="alert" className="mt-16 max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <h2 className="font-semibold text-slate-900">
            {closed === "gone" ? "This document is no longer available" : "This link is no longer available"}
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            The person who shared it has removed it or turned the link off. Ask them for a new link if you still need it.
          </p>
        </div>
      ) : failed || sourceFailed ? (
        <div role="alert" className="mt-16 max-w-md rounded-xl border border-red-200 bg-white p-6 text-center shadow-sm">
          <h2 className="font-semibold text-slate-900">This document could not be displayed</h2>
          <p className="mt-2 text-sm text-slate-600">
            Check your connection and reload the page. If it keeps happening, ask the sender for a new link.
          </p>
        </div>
      ) : (
        file &&
        (source ? (
          <Document
            file={source}
            // Loading and errors stay inside the viewer (skeleton, error panel), never suspending the toolbar.
            suspense={false}
            loading={loadingPages}
            options={PDF_DOCUMENT_OPTIONS}
            onLoadProgress={(value) => opened.current !== source && setProgress({ source, value })}
            // A link to a page in the file goes there (clamped to the pages the reader may read);
            // links out open in a new tab (rel noopener, noreferrer: react-pdf's default rel).
            onItemClick={({ pageNumber }) => goTo(pageNumber)}
            externalLinkTarget="_blank"
            onLoadSuccess={async (pdf) => {
              opened.current = source;
              // Page boxes take the first page's shape (portrait letter, A4, 16:9 slides) before they appear.
              const first = await pdf.getPage(1).catch(() => null);
              if (!first) return setFailed(true);
              const { width, height } = first.getViewport({ scale: 1 });
              setAspect(height / width);
              setNumPages(pdf.numPages);
            }}
            onLoadError={() => setFailed(true)}
            error={<span />}
          >
            <div className="flex flex-col items-center" style={{ gap: COLUMN.gap }}>
              {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
                <PageSlot
                  key={page}
                  page={page}
                  pageCount={pageCount}
                  width={pageWidth}
                  height={layout.height}
                  draw={near.has(page) && (page === 1 || firstPainted || !near.has(1))}
                  renderWidth={renderWidth}
                  pixelRatio={pixelRatio}
                  watermark={watermark}
                  slotRef={slotRef}
                  onSettled={onPageSettled}
                  image={page <= pageImages ? <PageImage code={code} page={page} priority={page === 1} /> : null}
                />
              ))}
            </div>
          </Document>
        ) : (
          loadingPages
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
