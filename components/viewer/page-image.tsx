import { announceClosed } from "./document-closed";
import { refusedAsGone } from "./gone-document";
import { announceNewVersion } from "./new-version";
import { refusedAsOtherVersion } from "./other-version";
import { COLUMN } from "./page-geometry";

/**
 * A page as the server rendered it (app/s/[code]/pages), over the page's box until pdf.js has drawn
 * the page (the box's `data-rendered`), then hidden: the reader sees the page at once, and pdf.js's
 * canvas and text layer take over for selection, search and sharp zoom. It never takes pointer
 * events, so text can be selected through it. Once painted it marks the box `data-image-painted`.
 * It is of the version the page shows: once another is current it is refused, never drawn.
 */
export function PageImage({ code, version, page, priority = false }: { code: string; version: number; page: number; priority?: boolean }) {
  return (
    // A plain <img>: the file is already sized for the page and served under the reader's grants, not by an image optimizer.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={`/s/${code}/pages/${page}?version=${version}`}
      alt=""
      aria-hidden
      draggable={false}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      ref={markWhenPainted}
      onError={announceWhyRefused}
      // Element Timing: when the browser painted it, for the viewer benchmark (before any script has run).
      {...{ elementtiming: `page-image-${page}` }}
      className="pointer-events-none absolute inset-0 h-full w-full select-none [[data-rendered=true]>&]:invisible"
    />
  );
}

/** An image's error does not say why: asked again, a refusal as another version's, or as a deleted document's, is announced. */
function announceWhyRefused(event: React.SyntheticEvent<HTMLImageElement>) {
  fetch(event.currentTarget.src, { credentials: "same-origin" }).then(
    (response) => {
      if (refusedAsOtherVersion(response)) announceNewVersion();
      else if (refusedAsGone(response)) announceClosed("gone");
    },
    () => undefined,
  );
}

/** Marks the page box once the image is decoded and the next frame has painted it (also when it loaded before hydration). */
function markWhenPainted(image: HTMLImageElement | null) {
  if (!image) return;
  let current = true;
  const mark = () =>
    void image
      .decode()
      .then(() => requestAnimationFrame(() => current && image.closest("[data-page]")?.setAttribute("data-image-painted", "true")))
      .catch(() => undefined);
  if (image.complete && image.naturalWidth > 0) mark();
  else image.addEventListener("load", mark, { once: true });
  return () => {
    current = false;
    image.removeEventListener("load", mark);
  };
}

/**
 * Until pdf.js has the document: the pages that have images, in boxes of the pages' size (the
 * server, not knowing the screen, sizes them as the page skeleton), page 1 fetched first. A reader's
 * watermark is in the images' pixels (lib/viewer/watermarked-page-image.ts): nothing is laid over them.
 */
export function PageImageColumn({ code, version, pages, box }: { code: string; version: number; pages: number; box: React.CSSProperties }) {
  return (
    <div className="flex flex-col items-center" style={{ gap: COLUMN.gap }}>
      {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
        <div
          key={page}
          data-page={page}
          className="relative overflow-hidden bg-white shadow-md"
          style={box}
          // Page 1's box stands where the skeleton stood, and says what it did.
          {...(page === 1 && { role: "status", "aria-live": "polite" as const })}
        >
          <PageImage code={code} version={version} page={page} priority={page === 1} />
          {page === 1 && <span className="sr-only">Loading document…</span>}
        </div>
      ))}
    </div>
  );
}
