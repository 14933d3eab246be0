/**
 * Stretching each transparent text run to its box's width (the browser's font is not the PDF's, and
 * a selection must cover what the image shows) needs each run's natural width. Read one run and
 * write its transform, then read the next, and every read forces the browser to lay the page out
 * again: a layout per run. Here every queued layer's widths are read first (`offsetWidth`, the width
 * before any transform, so earlier stretches never change it), then every transform is written:
 * one layout for all of them, in the browser's idle time, after the page images have painted.
 */

type Pending = { spans: () => ArrayLike<HTMLElement>; done: () => void };

const queue = new Set<Pending>();
let scheduled = false;

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 50);

/** Stretches the runs: every width read before any transform is written. Each span carries its box's width in `data-box-width`. */
export function fitTextRuns(spans: ArrayLike<HTMLElement>): void {
  const runs = Array.from(spans);
  const natural = runs.map((span) => span.offsetWidth);
  runs.forEach((span, i) => {
    if (natural[i]! > 0) span.style.transform = `scaleX(${Number(span.dataset.boxWidth) / natural[i]!})`;
  });
}

function fitQueued() {
  scheduled = false;
  const batch = [...queue];
  queue.clear();
  fitTextRuns(batch.flatMap(({ spans }) => Array.from(spans())));
  for (const { done } of batch) done();
}

/** Fits a layer's runs (read when the batch runs) with every other layer queued by then; returns the cancel. */
export function queueTextFit(spans: () => ArrayLike<HTMLElement>, done: () => void): () => void {
  const pending = { spans, done };
  queue.add(pending);
  if (!scheduled) {
    scheduled = true;
    whenIdle(fitQueued);
  }
  return () => queue.delete(pending);
}
