// The downloaded copy's look (lib/pdf/draw-watermark.ts) and the old overlay's: rows slanted 30° up,
// text 1/40 of the image's width (10 px at least, for thumbnails), 15 % ink, rows
// staggered by half a copy.
const ANGLE_DEGREES = 30;
const OPACITY = 0.15;
// Helvetica's average advance is about half its size; a little more keeps long addresses inside their tile.
const ADVANCE_PER_CHARACTER = 0.62;

/** The mark's ink, as `fill` in the SVG and as the colour laid through its rasterised coverage. */
export const WATERMARK_INK = { hex: "#0f172a", rgb: [0x0f, 0x17, 0x2a] } as const;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * The SVG of `text` repeated in staggered rows slanted across a `width` × `height` image, so no crop
 * escapes it. Plain text elements in one rotated group, not a rotated pattern: librsvg draws a
 * pattern several times slower. The text is the owner's template filled with a reader's values:
 * escaped, never markup.
 */
export function watermarkSvg(text: string, width: number, height: number): string {
  const size = Math.max(10, width / 40);
  const advance = text.length * size * ADVANCE_PER_CHARACTER + size * 3;
  const rowGap = size * 4;
  // Rotated about the centre, the rows must cover the page's diagonal both ways.
  const reach = Math.hypot(width, height) / 2;
  const escaped = text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
  const copies: string[] = [];
  for (let row = 0, y = -reach; y <= reach + size; row++, y += rowGap) {
    for (let x = -reach - (row % 2) * (advance / 2); x <= reach; x += advance) {
      copies.push(`<text x="${round(x)}" y="${round(y)}">${escaped}</text>`);
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    `<g transform="translate(${width / 2} ${height / 2}) rotate(${-ANGLE_DEGREES})" font-size="${round(size)}" `,
    `fill="${WATERMARK_INK.hex}" fill-opacity="${OPACITY}" font-family="Helvetica, Arial, 'DejaVu Sans', sans-serif">`,
    ...copies,
    `</g></svg>`,
  ].join("");
}

const round = (value: number) => Math.round(value * 10) / 10;
