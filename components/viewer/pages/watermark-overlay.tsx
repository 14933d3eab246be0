import { useId } from "react";

// The downloaded file's look (lib/pdf/draw-watermark.ts): rows slanted 30° up, text 1/40 of the page width (10 px at least, for phones), 15 % ink.
const ANGLE_DEGREES = 30;
const OPACITY = 0.15;
// Helvetica's average advance is about half its size; a little more keeps long addresses inside their tile.
const ADVANCE_PER_CHARACTER = 0.62;

/**
 * The reader's watermark over one page: the filled text repeated in staggered diagonal rows
 * across the whole page, so no crop of a screenshot escapes it. It sits above the canvas and the
 * text layer but takes no pointer events and no selection, so the page's text stays selectable;
 * screen readers skip it.
 */
export function WatermarkOverlay({ text, pageWidth }: { text: string; pageWidth: number }) {
  const id = `watermark-${useId().replace(/[^\w-]/g, "")}`;
  const size = Math.max(10, pageWidth / 40);
  const width = text.length * size * ADVANCE_PER_CHARACTER + size * 3;
  const height = size * 8;
  const row = (y: number, x: number) => (
    <text x={x} y={y} fontSize={size}>
      {text}
    </text>
  );
  return (
    <svg
      aria-hidden="true"
      data-testid="watermark"
      className="pointer-events-none absolute inset-0 z-10 h-full w-full select-none"
      style={{ WebkitUserSelect: "none" }}
    >
      <defs>
        <pattern id={id} patternUnits="userSpaceOnUse" width={width} height={height} patternTransform={`rotate(${-ANGLE_DEGREES})`}>
          <g fill="#0f172a" fillOpacity={OPACITY} fontFamily="Helvetica, Arial, sans-serif">
            {row(size * 2, 0)}
            {/* The staggered row crosses the tile's edge: its two halves are drawn at both ends. */}
            {row(size * 6, width / 2)}
            {row(size * 6, -width / 2)}
          </g>
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id})`} />
    </svg>
  );
}
