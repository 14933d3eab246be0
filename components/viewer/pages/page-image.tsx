import { useCallback, useEffect, useRef } from "react";
import { UNDRAWABLE_PAGE_HEADER } from "@/lib/viewer/files/reader-headers";
import { SERVER_IMAGE_WIDTH } from "@/lib/viewer/files/server-image-width";
import { announceClosed } from "../document-closed";
import { refusedAsGone } from "../gone-document";
import { announceNewVersion } from "../new-version";
import { refusedAsOtherVersion } from "../other-version";
import { COLUMN } from "./page-geometry";

const IMAGE_CLASS = "pointer-events-none absolute inset-0 h-full w-full select-none";

/** The widths the server draws every page at (app/s/[code]/pages): the browser picks the one the page's width on screen needs. */
const IMAGE_WIDTHS = [640, 1280, 2048, 3072] as const;

/** A page's width before the viewer has measured the screen: the server's guess, at which the HTML's images are fetched. */
export const SERVER_PAGE_WIDTH = "min(calc(100vw - 48px), 900px)";

/**
 * The `sizes` of a page `width` px wide on screen: never below the server's guess, so an image
 * fetched before the viewer ran still serves once it has (no second fetch at a narrower width, and
 * on a watermarked link no second mark to draw), while a zoom past it fetches a wider one.
 */
export const pageImageSizes = (width: number) => `max(${width}px, ${SERVER_PAGE_WIDTH})`;

/** `mark`: the reader's watermark digest (ViewerProps.imageMark), which the server does not read: it only makes a new mark a new URL. */
export const pageImageUrl = (code: string, version: number, page: number, width: number, mark: string | null) =>
  `/s/${code}/pages/${page}?version=${version}&w=${width}${mark === null ? "" : `&g=${mark}`}`;

/**
 * Why an image was refused, learnt by asking again: `missing` not drawn yet (404), `undrawable` a
 * page the server cannot draw at all (404 marked so), `busy` a passing refusal (the server busy
 * drawing marks or pages, 429/503, or the image there on asking again), null when the network
 * failed or the answer says nothing more.
 */
export type ImageRefusal = "other-version" | "gone" | "missing" | "undrawable" | "busy" | null;

/**
 * A page as the server drew it, the page itself in the reader's view (never the original file):
 * `sizes` is its width on screen, so a zoom step past what the image holds fetches the next width
 * and stays sharp. Loaded lazily except page 1, which is fetched at once, in the server's HTML. It
 * takes no pointer events, so the text layer above it can be selected. It is of the version the page
 * shows: once another is current it is refused, never drawn.
 */
export function PageImage({
  code,
  version,
  page,
  mark,
  sizes,
  priority = false,
  onPainted,
  onRefused,
}: {
  code: string;
  version: number;
  page: number;
  mark: string | null;
  /** The image's width on screen, as a CSS length. */
  sizes: string;
  priority?: boolean;
  onPainted?: () => void;
  onRefused?: (why: ImageRefusal) => void;
}) {
  const painted = useRef(onPainted);
  useEffect(() => {
    painted.current = onPainted;
  });
  // One ref for the image's life: a new one each render would decode the image again on every render of its page.
  const watchPaint = useCallback((image: HTMLImageElement | null) => markWhenPainted(image, () => painted.current?.()), []);
  return (
    // A plain <img>: the files are already sized for the page and served under the reader's grants, not by an image optimizer.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={pageImageUrl(code, version, page, SERVER_IMAGE_WIDTH, mark)}
      srcSet={IMAGE_WIDTHS.map((width) => `${pageImageUrl(code, version, page, width, mark)} ${width}w`).join(", ")}
      sizes={sizes}
      alt=""
      aria-hidden
      draggable={false}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      ref={watchPaint}
      onError={(event) => void whyRefused(event.currentTarget.currentSrc || event.currentTarget.src).then((why) => onRefused?.(why))}
      // Element Timing: when the browser painted it, for the viewer benchmark (before any script has run).
      {...{ elementtiming: `page-image-${page}` }}
      className={IMAGE_CLASS}
    />
  );
}

/** An image's error does not say why: asked again, a refusal as another version's, or as a deleted document's, is announced to the whole viewer. */
async function whyRefused(src: string): Promise<ImageRefusal> {
  const response = await fetch(src, { credentials: "same-origin" }).catch(() => null);
  if (!response) return null;
  if (refusedAsOtherVersion(response)) {
    announceNewVersion();
    return "other-version";
  }
  if (refusedAsGone(response)) {
    announceClosed("gone");
    return "gone";
  }
  if (response.status === 404) return response.headers.has(UNDRAWABLE_PAGE_HEADER) ? "undrawable" : "missing";
  return response.ok || response.status === 429 || response.status === 503 ? "busy" : null;
}

/** Marks the page box once the image is decoded and the next frame has painted it (also when it loaded before hydration). */
function markWhenPainted(image: HTMLImageElement | null, onPainted?: () => void) {
  if (!image) return;
  let current = true;
  const mark = () =>
    void image
      .decode()
      .then(() =>
        requestAnimationFrame(() => {
          if (!current) return;
          image.closest("[data-page]")?.setAttribute("data-image-painted", "true");
          onPainted?.();
        }),
      )
      .catch(() => undefined);
  if (image.complete && image.naturalWidth > 0) mark();
  else image.addEventListener("load", mark, { once: true });
  return () => {
    current = false;
    image.removeEventListener("load", mark);
  };
}

/** A page box's size: the server's guess (a CSS width and the page's height over its width) or the measured one. */
type ColumnBox = { width: number | string; height?: number; aspect?: number };

/**
 * How many pages the column has in the server's HTML; below them, until the viewer takes over, a
 * space of the other pages' height. A 300-page document's boxes were 240 kB of HTML for the browser
 * to parse and lay out while page 1 was on its way, for pages nobody reaches before the script runs.
 */
const SERVER_COLUMN_PAGES = 6;

const px = (length: number | string) => (typeof length === "number" ? `${length}px` : length);
const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The height of `count` pages of the column and the gaps between them, as CSS. */
function pagesHeight(box: ColumnBox, count: number): string {
  const gaps = (count - 1) * COLUMN.gap;
  if (box.height !== undefined) return `${count * box.height + gaps}px`;
  return `calc(${count} * ${px(box.width)} * ${box.aspect ?? 1} + ${gaps}px)`;
}

const boxStyle = (box: ColumnBox): React.CSSProperties => ({
  width: box.width,
  height: box.height,
  aspectRatio: box.aspect === undefined ? undefined : `1 / ${box.aspect}`,
});

/**
 * Pages 2 to SERVER_COLUMN_PAGES of the column as plain HTML, which React neither hydrates nor
 * tracks: on a phone, hydrating a long document's boxes and images was the page's longest task,
 * and until the viewer takes over they only show images. Each is what `PageImage` renders, lazily
 * loaded. The later pages' height follows, so the scroll height is right from the start.
 */
function laterPagesHtml(code: string, version: number, mark: string | null, pages: number, box: ColumnBox, sizes: string): string {
  const style = [
    `width:${px(box.width)}`,
    box.height === undefined ? "" : `height:${px(box.height)}`,
    box.aspect === undefined ? "" : `aspect-ratio:1 / ${box.aspect}`,
  ]
    .filter(Boolean)
    .join(";");
  let html = "";
  const shown = Math.min(pages, SERVER_COLUMN_PAGES);
  for (let page = 2; page <= shown; page++) {
    const srcset = IMAGE_WIDTHS.map((width) => `${pageImageUrl(code, version, page, width, mark)} ${width}w`).join(", ");
    html +=
      `<div data-page="${page}" class="relative overflow-hidden bg-white shadow-md" style="${attribute(style)}">` +
      `<img src="${attribute(pageImageUrl(code, version, page, SERVER_IMAGE_WIDTH, mark))}" srcset="${attribute(srcset)}" sizes="${attribute(sizes)}"` +
      ` alt="" aria-hidden="true" draggable="false" loading="lazy" elementtiming="page-image-${page}" class="${IMAGE_CLASS}"></div>`;
  }
  if (pages > shown) html += `<div aria-hidden="true" style="${attribute(`height:${pagesHeight(box, pages - shown)}`)}"></div>`;
  return html;
}

/**
 * Until the viewer's script runs: the readable pages' images, in boxes of the pages' size (the
 * server, not knowing the screen, sizes them as the page skeleton), page 1 fetched first. A reader's
 * watermark is in the images' pixels (lib/viewer/files/watermarked-page-image.ts): nothing is laid over them.
 */
export function PageImageColumn({
  code,
  version,
  mark,
  pages,
  box,
  sizes,
  onFirstShown,
}: {
  code: string;
  version: number;
  mark: string | null;
  pages: number;
  box: ColumnBox;
  sizes: string;
  /** Page 1's image painted, or refused. */
  onFirstShown?: () => void;
}) {
  return (
    <div className="flex flex-col items-center" style={{ gap: COLUMN.gap }}>
      {/* Page 1's box stands where the skeleton stood, and says what it did. */}
      {pages > 0 && (
        <div data-page={1} className="relative overflow-hidden bg-white shadow-md" style={boxStyle(box)} role="status" aria-live="polite">
          <PageImage
            code={code}
            version={version}
            page={1}
            mark={mark}
            sizes={sizes}
            priority
            onPainted={onFirstShown}
            onRefused={onFirstShown}
          />
          <span className="sr-only">Loading document…</span>
        </div>
      )}
      {pages > 1 && (
        <div className="contents" dangerouslySetInnerHTML={{ __html: laterPagesHtml(code, version, mark, pages, box, sizes) }} />
      )}
    </div>
  );
}
