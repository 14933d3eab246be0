import { useState } from "react";
import { Page } from "react-pdf";
import { PageFailure } from "./page-failure";
import { PageLoading } from "./page-loading";
import { WatermarkOverlay } from "./watermark-overlay";

type PdfPageSlotProps = {
  page: number;
  pageCount: number;
  /** The box's size on screen: fixed per page, so drawing pages never shifts the layout (or a jump to a page). */
  width: number;
  height: number;
  /** Whether pdf.js draws this page now (it is near the viewport). */
  draw: boolean;
  /** The width the canvas is drawn at; scaled to `width` with CSS while a zoom gesture goes on. */
  renderWidth: number;
  pixelRatio: number;
  watermark: string | null;
  slotRef: (element: HTMLDivElement | null) => void;
  /** The page has been drawn, or has failed to be: either way pdf.js is free for the next. */
  onSettled: (page: number) => void;
  /** The server-rendered image of the page, shown until pdf.js has drawn it (page-image.tsx); null when it has none yet. */
  image: React.ReactNode;
};

type Drawing = "pending" | "drawn" | "failed";

/**
 * One page's box in pdf.js's column (the fallback for a document whose pages have no images, where
 * downloads are allowed): the pdf.js canvas with its text and link layers while the page is
 * near the viewport, a visibly loading page until it is first drawn, and a notice with a retry in
 * place of a page that could not be drawn (never a silent blank). `data-rendered` marks a page drawn.
 */
export function PdfPageSlot({
  page,
  pageCount,
  width,
  height,
  draw,
  renderWidth,
  pixelRatio,
  watermark,
  slotRef,
  onSettled,
  image,
}: PdfPageSlotProps) {
  const [drawing, setDrawing] = useState<Drawing>("pending");
  const [attempt, setAttempt] = useState(0);
  const [linksReady, setLinksReady] = useState(false);
  const fail = () => {
    setDrawing("failed");
    onSettled(page);
  };
  return (
    <div
      data-page={page}
      data-testid={`pdf-page-${page}`}
      data-rendered={drawing === "drawn" ? "true" : undefined}
      data-links={linksReady ? "ready" : undefined}
      ref={slotRef}
      className="relative scroll-mt-6 overflow-hidden bg-white shadow-md"
      style={{ width, height }}
      aria-label={`Page ${page} of ${pageCount}`}
      aria-busy={drawing === "pending"}
      role="region"
    >
      {drawing === "failed" ? (
        <PageFailure
          page={page}
          onRetry={() => {
            setAttempt((n) => n + 1);
            setDrawing("pending");
          }}
        />
      ) : (
        <>
          {drawing === "pending" && !image && <PageLoading />}
          {draw && (
            <div
              style={{
                width: renderWidth,
                transform: renderWidth === width ? undefined : `scale(${width / renderWidth})`,
                transformOrigin: "0 0",
              }}
            >
              <Page
                key={attempt}
                pageNumber={page}
                width={renderWidth}
                devicePixelRatio={pixelRatio}
                // The text layer makes pages selectable and readable by screen readers; the link layer
                // makes a PDF's links work. Form fields are drawn as they look, not as inputs (docs/decisions.md).
                renderForms={false}
                loading={null}
                error={null}
                onRenderSuccess={() => {
                  setDrawing("drawn");
                  onSettled(page);
                }}
                onRenderError={fail}
                onLoadError={fail}
                onRenderAnnotationLayerSuccess={() => setLinksReady(true)}
              />
            </div>
          )}
        </>
      )}
      {drawing === "pending" && image}
      {/* The server's image carries the mark in its pixels; pdf.js's canvas, once it covers the image, does not. */}
      {watermark && drawing === "drawn" && <WatermarkOverlay text={watermark} pageWidth={width} />}
    </div>
  );
}
