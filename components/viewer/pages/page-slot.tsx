import { memo, useCallback, useEffect, useRef, useState } from "react";
import { PageFailure } from "./page-failure";
import { type ImageRefusal, PageImage, pageImageSizes } from "./page-image";
import { fetchPageLayers, type PageLayers } from "./page-layers";
import { PageLoading } from "./page-loading";
import { PageOverlay } from "./page-overlay";

// A page not drawn yet is usually drawn within seconds (ahead of the background queue when asked for), and a
// busy server answers again soon: either is asked again a few times before the page counts as missing or failed.
const RETRIES = 6;
const RETRY_MS = 1500;

type PageSlotProps = {
  code: string;
  version: number;
  /** The reader's watermark digest, in the image's URL (ViewerProps.imageMark). */
  mark: string | null;
  page: number;
  pageCount: number;
  readablePages: number;
  /** The box's size on screen: fixed per page, so loading pages never shifts the layout (or a jump to a page). */
  width: number;
  height: number;
  /** The width the image is sized for; the box is scaled from it with CSS while a zoom gesture goes on. */
  renderWidth: number;
  /** Near the viewport: its image is drawn (from then on) and its text and links are fetched. */
  near: boolean;
  slotRef: (element: HTMLDivElement | null) => void;
  goTo: (page: number) => void;
  /** The server has no image of the page: it cannot draw it, or has not after its bounded wait and a few retries. */
  onMissing: (page: number) => void;
};

/**
 * One page's box in the column: the server's image of it with its text and link layers, a visibly
 * loading page until the image has painted, and a notice with a retry in place of a page whose image
 * could not be had (never a silent blank). `data-rendered` marks a page painted with its layers placed;
 * `data-links` its link layer placed. A page the reader has not yet come near is its loading
 * placeholder only (`FarPage`), from then on it stays drawn.
 */
// A scroll that moves the current page, or the set of pages near the view, re-renders the viewer: only the slots whose props changed follow.
export const PageSlot = memo(function PageSlot(props: PageSlotProps) {
  const [reached, setReached] = useState(props.near);
  if (props.near && !reached) setReached(true);
  return reached ? <DrawnPage {...props} /> : <FarPage {...props} />;
});

const SLOT_CLASS = "relative scroll-mt-6 overflow-hidden bg-white shadow-md";

/**
 * A page far from the view: no hooks, no fetches, only its sized box, still addressable by its test
 * id and busy for screen readers. Off screen the browser skips its contents' style, layout and
 * pulse (`content-visibility: auto`; the box's size is fixed, so nothing moves): on a phone a long
 * document's first render is mostly these boxes.
 */
function FarPage({ page, pageCount, width, height, slotRef }: PageSlotProps) {
  return (
    <div
      data-page={page}
      data-testid={`pdf-page-${page}`}
      ref={slotRef}
      className={`${SLOT_CLASS} [content-visibility:auto]`}
      style={{ width, height }}
      aria-label={`Page ${page} of ${pageCount}`}
      aria-busy
      role="region"
    >
      <PageLoading />
    </div>
  );
}

function DrawnPage(props: PageSlotProps) {
  const { code, version, mark, page, pageCount, readablePages, width, height, renderWidth, near, slotRef, goTo, onMissing } = props;
  const [painted, setPainted] = useState(false);
  const [textFitted, setTextFitted] = useState<PageLayers | null>(null);
  const [failed, setFailed] = useState<false | "retryable" | "undrawable">(false);
  const [attempt, setAttempt] = useState(0);
  // Layers are fetched again once the reader may read more: past the gate they carry the page's links out too.
  const [fetched, setFetched] = useState<{ layers: PageLayers; readablePages: number } | null>(null);
  const layers = fetched?.layers ?? null;
  const tries = useRef(0);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);
  const wanted = near && fetched?.readablePages !== readablePages;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    // No layers (none stored, or the server refused them) leave a page that reads as an image only.
    fetchPageLayers(code, version, page, controller.signal).then(
      (layers) => setFetched({ layers, readablePages }),
      () => controller.signal.aborted || setFetched({ layers: { text: [], links: [] }, readablePages }),
    );
    return () => controller.abort();
  }, [wanted, code, version, page, readablePages]);

  const onPainted = useCallback(() => setPainted(true), []);
  const onRefused = (why: ImageRefusal) => {
    if ((why === "missing" || why === "busy") && tries.current < RETRIES) {
      tries.current += 1;
      retry.current = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
      return;
    }
    // Still not there, the server still too busy to give it, or never drawable (asked again, it would
    // only be refused again): pdf.js may draw it where the file is offered.
    if (why === "missing" || why === "busy" || why === "undrawable") onMissing(page);
    setFailed(why === "undrawable" ? "undrawable" : "retryable");
  };
  return (
    <div
      data-page={page}
      data-testid={`pdf-page-${page}`}
      data-rendered={painted && layers && textFitted === layers ? "true" : undefined}
      data-links={layers ? "ready" : undefined}
      ref={slotRef}
      className={SLOT_CLASS}
      style={{ width, height }}
      aria-label={`Page ${page} of ${pageCount}`}
      aria-busy={!painted && !failed}
      role="region"
    >
      {failed ? (
        <PageFailure
          page={page}
          onRetry={
            failed === "retryable"
              ? () => {
                  tries.current = 0;
                  setAttempt((n) => n + 1);
                  setFailed(false);
                }
              : null
          }
        />
      ) : (
        <>
          {!painted && <PageLoading />}
          <PageImage
            key={attempt}
            code={code}
            version={version}
            page={page}
            mark={mark}
            sizes={pageImageSizes(renderWidth)}
            priority={page === 1}
            onPainted={onPainted}
            onRefused={onRefused}
          />
          {layers && (
            <PageOverlay
              layers={layers}
              width={width}
              aspect={height / width}
              readablePages={readablePages}
              goTo={goTo}
              onTextFitted={() => setTextFitted(layers)}
            />
          )}
        </>
      )}
    </div>
  );
}
