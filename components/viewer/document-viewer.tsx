"use client";

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { GateOverlay } from "./gate/gate-overlay";
import { COLUMN, type PageLayout, pageTop } from "./pages/page-geometry";
import { ServerColumn, SlotColumn } from "./pages/page-columns";
import { PageImageColumn, pageImageSizes, SERVER_PAGE_WIDTH } from "./pages/page-image";
import { useNewVersion } from "./new-version";
import { OwnerPreviewNote } from "./owner-preview-note";
import { useAnchoredZoom } from "./zoom/use-anchored-zoom";
import { useCurrentPage } from "./pages/use-current-page";
import { useGateResume } from "./gate/use-gate-resume";
import { useNearbyPages } from "./pages/use-nearby-pages";
import { usePageFromHash } from "./pages/use-page-from-hash";
import { useReadingSession } from "./tracking/use-reading-session";
import { useViewerKeys } from "./use-viewer-keys";
import { ViewerLayout } from "./viewer-layout";
import { ReaderQuestions } from "./questions/reader-questions";
import { ViewerNotice, viewerNoticeFor } from "./viewer-notice";
import { NewVersionBanner, UpdatedSinceNote } from "./version-notes";
import { DEFAULT_ZOOM_STATE } from "./viewer-toolbar";
import type { ViewerProps } from "./viewer-props";
import { stepFrom } from "./zoom/zoom";

// pdf.js is fetched only when a readable page has no image and the file may be read (downloads allowed), never on the server.
const PdfFallback = lazy(() => import("./pages/pdf-fallback"));

/** How long the server's column waits for its page 1 before the measured column replaces it anyway. */
const FIRST_PAGE_WAIT_MS = 1500;

/**
 * The document's readable pages in one scrolling column of the server's page images, zoomable,
 * with the email gate under the last page the reader may see. The hooks each keep one thing: the
 * visit's beacons, the page in view, the zoom and the layout it gives, the pages near the view
 * (whose text and links are fetched), the return to the gate's page once it is passed, and the keys;
 * this component ties them together. Once another version is current the reader is offered a reload
 * instead of a failure. Once the link is closed (the document deleted, the link expired or turned
 * off) only its notice stays. Until the scrolling column is measured (the server's rendering, and
 * the browser's until its first layout) the pages are the server's images at its guessed width, and
 * the toolbar's page and zoom controls wait.
 */
export function DocumentViewer({
  code,
  version,
  updatedSince,
  title,
  pageCount,
  pageAspect,
  readablePages,
  pageImages,
  imagesStopped,
  file,
  gate,
  canDownload,
  ownerPreview,
  imageMark,
  watermark,
  back,
  questions = false,
}: ViewerProps) {
  const [failed, setFailed] = useState(false);
  const [imagesMissing, setImagesMissing] = useState(imagesStopped);
  const [aspect, setAspect] = useState(pageAspect);
  const [fallbackPages, setFallbackPages] = useState<number | null>(null);
  // The readable pages the server has drawn: the server's column shows these.
  const imagePages = Math.min(pageImages, readablePages);
  const [firstShown, setFirstShown] = useState(imagePages === 0);
  const onFirstShown = useCallback(() => setFirstShown(true), []);
  // On a slow network the reader may page on before page 1 arrives.
  useEffect(() => {
    const wait = setTimeout(onFirstShown, FIRST_PAGE_WAIT_MS);
    return () => clearTimeout(wait);
  }, [onFirstShown]);
  const scrollRef = useRef<HTMLElement>(null);
  // What is on screen, for event handlers that run between renders (a pinch sends many moves).
  const shown = useRef<PageLayout | null>(null);
  const { tracker, closed } = useReadingSession(code, version, ownerPreview);
  const newVersion = useNewVersion();

  const currentPage = useCurrentPage(
    scrollRef,
    shown,
    useCallback((page: number | null) => tracker.setCurrentPage(page), [tracker]),
  );
  const { current, currentRef, update: updateCurrent } = currentPage;
  const usePdf = imagesMissing && file !== null;
  const pages = usePdf ? Math.min(fallbackPages ?? 0, readablePages) : readablePages;
  const { zoom, layout, scale, renderWidth, step, fit } = useAnchoredZoom(scrollRef, shown, currentPage, aspect, pages);
  const { near, slotRef } = useNearbyPages(scrollRef, useGateResume(gate, currentRef));

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

  const onPdfOpened = useCallback((count: number, firstAspect: number) => {
    setAspect(firstAspect);
    setFallbackPages(count);
  }, []);
  const onFailed = useCallback(() => setFailed(true), []);
  const onMissing = useCallback(() => setImagesMissing(true), []);
  // A page refused as another version's is not broken: the reload banner says what to do.
  const notice = viewerNoticeFor(closed, failed && !newVersion);
  // Nothing is left to read, page through, download or unlock: a gate or a Download button would promise what the server refuses.
  const linkClosed = notice === "gone" || notice === "unavailable";
  useViewerKeys(scrollRef, currentRef, { goTo, zoom: step, fit }, !linkClosed);

  // Until the column is measured its pages would be laid out at a width about to change. The
  // server's page 1 stays until it is painted: the measured column's page 1 is another element, to
  // decode and paint again, and laying out its slots kept the browser from painting at all.
  const measured = layout.viewportWidth > 0 && firstShown;
  usePageFromHash(goTo, measured && !linkClosed);
  return (
    <ViewerLayout
      contentRef={scrollRef}
      toolbar={{
        title,
        pageCount,
        current,
        pages: measured ? pages : 0,
        zoom: measured
          ? {
              percent: Math.round(scale * 100),
              fit: "fit" in zoom ? zoom.fit : null,
              canZoomIn: stepFrom(scale, 1) !== null,
              canZoomOut: stepFrom(scale, -1) !== null,
            }
          : DEFAULT_ZOOM_STATE,
        downloadHref: canDownload ? `/s/${code}/download` : null,
        back,
        actions: { goTo, zoom: step, fit },
        closed: linkClosed,
        searchCode: code,
      }}
    >
      {!linkClosed && (
        <div className="fixed bottom-4 left-1/2 z-30 flex w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 flex-col items-center gap-2">
          {newVersion ? <NewVersionBanner /> : updatedSince && <UpdatedSinceNote updatedAt={updatedSince} />}
          {ownerPreview && <OwnerPreviewNote />}
        </div>
      )}
      {/* No Suspense boundary here: React's server renderer sends a large one (a long document's
          column) apart, hidden, and reveals it up to 300 ms after the first paint; page 1 waited. */}
      {notice ? (
        <ViewerNotice kind={notice} />
      ) : !measured ? (
        <ServerColumn code={code} version={version} mark={imageMark} pages={imagePages} aspect={pageAspect} onFirstShown={onFirstShown} />
      ) : usePdf ? (
        <Suspense
          fallback={
            <PageImageColumn
              code={code}
              version={version}
              mark={imageMark}
              pages={imagePages}
              box={{ width: layout.width, height: layout.height }}
              sizes={pageImageSizes(layout.width)}
            />
          }
        >
          <PdfFallback
            file={file}
            code={code}
            version={version}
            mark={imageMark}
            watermark={watermark}
            pageCount={pageCount}
            pageImages={pageImages}
            layout={layout}
            aspect={aspect}
            renderWidth={renderWidth}
            near={near}
            slotRef={slotRef}
            goTo={goTo}
            onOpened={onPdfOpened}
            onFailed={onFailed}
          />
        </Suspense>
      ) : (
        <SlotColumn
          code={code}
          version={version}
          mark={imageMark}
          pageCount={pageCount}
          readablePages={readablePages}
          layout={layout}
          renderWidth={renderWidth}
          near={near}
          slotRef={slotRef}
          goTo={goTo}
          onMissing={onMissing}
        />
      )}
      {gate && pages > 0 && !linkClosed && (
        <GateOverlay code={code} title={title} pageCount={pageCount} gate={gate} pageWidth={measured ? layout.width : SERVER_PAGE_WIDTH} />
      )}
      {questions && !linkClosed && <ReaderQuestions path={code} page={current} about="this document" />}
    </ViewerLayout>
  );
}
