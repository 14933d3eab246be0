import { useEffect, useRef } from "react";
import { queueTextFit } from "./fit-text-runs";
import type { LayerBox, PageLayers, TextRun } from "./page-layers";

// The layer is laid out once at this width and scaled to the page's width on screen, so a zoom never re-measures its text.
const LAYOUT_WIDTH = 1000;

const placed = (box: LayerBox, height: number): React.CSSProperties => ({
  left: box.x * LAYOUT_WIDTH,
  top: box.y * height,
  width: box.w * LAYOUT_WIDTH,
  height: box.h * height,
});

const overlaps = (a: LayerBox, b: LayerBox) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A link is named by the text under it, as a reader sees it ("Chapter 2"); a link over no text by where it goes. */
const linkName = (link: LayerBox, text: TextRun[], otherwise: string) =>
  text
    .filter((run) => overlaps(run, link))
    .map((run) => run.str.trim())
    .join(" ") || otherwise;

/**
 * Over a page's image: its text, transparent but where the image shows it (so it can be selected,
 * found by the browser's find and read by screen readers), and its links, internal ones going to
 * their page only within the pages the reader may read, external ones opening in a new tab that
 * cannot reach back to this one.
 */
export function PageOverlay({
  layers,
  width,
  aspect,
  readablePages,
  goTo,
  onTextFitted,
}: {
  layers: PageLayers;
  /** The page's width on screen. */
  width: number;
  aspect: number;
  readablePages: number;
  goTo: (page: number) => void;
  /** Its runs are stretched to the image's words. */
  onTextFitted: () => void;
}) {
  const height = LAYOUT_WIDTH * aspect;
  const textRef = useRef<HTMLDivElement>(null);

  const fitted = useRef(onTextFitted);
  useEffect(() => {
    fitted.current = onTextFitted;
  });

  // The runs are stretched to their boxes' widths in idle time, all pages' at once: the image is what the reader sees first.
  useEffect(
    () =>
      queueTextFit(
        () => textRef.current?.querySelectorAll<HTMLSpanElement>("span[data-box-width]") ?? [],
        () => fitted.current(),
      ),
    [layers],
  );

  return (
    <div
      className="absolute left-0 top-0 origin-top-left"
      style={{ width: LAYOUT_WIDTH, height, transform: `scale(${width / LAYOUT_WIDTH})` }}
    >
      <div ref={textRef} data-testid="text-layer" className="absolute inset-0 leading-none text-transparent selection:bg-sky-400/35">
        {layers.text.map((run, i) => (
          <span
            key={i}
            data-box-width={run.w * LAYOUT_WIDTH}
            className="absolute origin-top-left whitespace-pre font-sans"
            style={{ left: run.x * LAYOUT_WIDTH, top: run.y * height, fontSize: run.h * height }}
          >
            {run.str}
            {/* Runs end where a line or a word breaks: a space keeps words apart in what is copied and found. */}{" "}
          </span>
        ))}
      </div>
      <div data-testid="link-layer" className="pointer-events-none absolute inset-0">
        {layers.links.map((link, i) =>
          "url" in link ? (
            <a
              key={i}
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={linkName(link, layers.text, link.url.replace(/^mailto:/, ""))}
              title={link.url}
              className="pointer-events-auto absolute rounded-sm focus-visible:outline-2 focus-visible:outline-brand-500 hover:bg-sky-400/15"
              style={placed(link, height)}
            />
          ) : link.page <= readablePages ? (
            <a
              key={i}
              href={`#page=${link.page}`}
              aria-label={linkName(link, layers.text, `Go to page ${link.page}`)}
              onClick={(event) => {
                event.preventDefault();
                goTo(link.page);
              }}
              className="pointer-events-auto absolute rounded-sm focus-visible:outline-2 focus-visible:outline-brand-500 hover:bg-sky-400/15"
              style={placed(link, height)}
            />
          ) : null,
        )}
      </div>
    </div>
  );
}
