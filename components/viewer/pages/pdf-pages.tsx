"use client";

import { useCallback, useRef, useState } from "react";
import { Document } from "react-pdf";
import "react-pdf/dist/Page/TextLayer.css";
import "react-pdf/dist/Page/AnnotationLayer.css";
import type { LoadProgress } from "./loading-bar";
import { PageImage, PageImageColumn, pageImageSizes } from "./page-image";
import { COLUMN, type PageLayout } from "./page-geometry";
import { PageSkeleton } from "./page-skeleton";
import { PdfPageSlot } from "./pdf-page-slot";
import { PDF_DOCUMENT_OPTIONS } from "./pdf-document-options";
import type { PdfSource } from "./pdf-source";

// A canvas wider than this is drawn at a lower pixel ratio (a 300 % page on a retina screen would take ~150 MB).
const MAX_CANVAS_PIXELS_WIDE = 4096;

type PdfPagesProps = {
  code: string;
  /** The document's version on screen: the page images are of it. */
  version: number;
  /** The reader's watermark digest, in the page images' URLs (ViewerProps.imageMark). */
  mark: string | null;
  /** The reader's watermark, laid over each page pdf.js has drawn (the file is the clean PDF). */
  watermark: string | null;
  source: PdfSource | null;
  pageCount: number;
  pageImages: number;
  layout: PageLayout;
  aspect: number;
  renderWidth: number;
  near: Set<number>;
  slotRef: (element: HTMLDivElement | null) => void;
  goTo: (page: number) => void;
  /** The file is open: its page count and the shape of its first page. */
  onOpened: (numPages: number, aspect: number) => void;
  onFailed: () => void;
};

/**
 * The fallback where a readable page has no image and downloads are allowed: the file opened by
 * pdf.js (only the ranges its pages need) and its readable pages in one column, each drawn only while near the
 * view. Until the file is open: the server-rendered pages, or a skeleton with the file's progress.
 */
export function PdfPages(props: PdfPagesProps) {
  const { code, version, mark, watermark, source, pageCount, pageImages, layout, renderWidth, near, slotRef, goTo, onOpened, onFailed } =
    props;
  // While page 1 is on its way (until it is drawn or has failed) no other page is drawn: pdf.js's one worker would share its time.
  const [firstPainted, setFirstPainted] = useState(false);
  const onPageSettled = useCallback((page: number) => page === 1 && setFirstPainted(true), []);
  // How much of the file has arrived, shown while the document opens (pdf.js goes on reporting as pages load).
  const [progress, setProgress] = useState<{ source: unknown; value: LoadProgress } | null>(null);
  const opened = useRef<unknown>(null);
  const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_CANVAS_PIXELS_WIDE / renderWidth);
  const loadingPages = (
    <LoadingPages
      code={code}
      version={version}
      mark={mark}
      pageImages={pageImages}
      layout={layout}
      aspect={props.aspect}
      progress={progress?.source === source ? progress.value : null}
    />
  );
  if (!source) return loadingPages;
  return (
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
        if (!first) return onFailed();
        const { width, height } = first.getViewport({ scale: 1 });
        onOpened(pdf.numPages, height / width);
      }}
      onLoadError={onFailed}
      error={<span />}
    >
      <div className="flex flex-col items-center" style={{ gap: COLUMN.gap }}>
        {Array.from({ length: layout.pages }, (_, i) => i + 1).map((page) => (
          <PdfPageSlot
            key={page}
            page={page}
            pageCount={pageCount}
            width={layout.width}
            height={layout.height}
            draw={near.has(page) && (page === 1 || firstPainted || !near.has(1))}
            renderWidth={renderWidth}
            pixelRatio={pixelRatio}
            watermark={watermark}
            slotRef={slotRef}
            onSettled={onPageSettled}
            image={
              page <= pageImages ? (
                <PageImage
                  code={code}
                  version={version}
                  page={page}
                  mark={mark}
                  sizes={pageImageSizes(renderWidth)}
                  priority={page === 1}
                />
              ) : null
            }
          />
        ))}
      </div>
    </Document>
  );
}

function LoadingPages({
  code,
  version,
  mark,
  pageImages,
  layout,
  aspect,
  progress,
}: Pick<PdfPagesProps, "code" | "version" | "mark" | "pageImages" | "layout" | "aspect"> & { progress: LoadProgress | null }) {
  if (pageImages === 0) return <PageSkeleton aspect={aspect} progress={progress} />;
  return (
    <PageImageColumn
      code={code}
      version={version}
      mark={mark}
      pages={pageImages}
      box={{ width: layout.width, height: layout.height }}
      sizes={pageImageSizes(layout.width)}
    />
  );
}
