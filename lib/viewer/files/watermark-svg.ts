// The downloaded copy's look (lib/pdf/draw-watermark.ts) and the old overlay's: rows slanted 30° up,
// text 1/40 of the image's width (10 px at least, for thumbnails), 15 % ink, rows
// staggered by half a copy.
export const WATERMARK_ANGLE_DEGREES = 30;
const OPACITY = 0.15;
// Helvetica's average advance is about half its size; a little more keeps long addresses inside their tile.
const ADVANCE_PER_CHARACTER = 0.62;

/** The mark's ink, as `fill` in the SVG and as the colour laid through its rasterised coverage. */
export const WATERMARK_INK = { hex: "#0f172a", rgb: [0x0f, 0x17, 0x2a] } as const;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * Where the copies of `text` go on a `width` × `height` image, in the rows' own (rotated) frame
 * about the image's centre: a copy every `advance` along a row, a row every `rowGap`, odd rows
 * shifted by half a copy, the first row's baseline at `-reach`. Whole pixels, so that two rows
 * make a tile that repeats exactly (lib/viewer/files/watermark-mask.ts).
 */
export function watermarkLattice(text: string, width: number) {
  const size = Math.max(10, width / 40);
  return {
    size,
    advance: Math.round(text.length * size * ADVANCE_PER_CHARACTER + size * 3),
    rowGap: Math.round(size * 4),
  };
}

/** The rows' reach from the image's centre: rotated about the centre, they must cover its diagonal both ways. */
export const watermarkReach = (width: number, height: number) => Math.hypot(width, height) / 2;

/**
 * The SVG of `text` repeated in staggered rows slanted across a `width` × `height` image, so no crop
 * escapes it. Plain text elements in one rotated group, not a rotated pattern: librsvg draws a
 * pattern several times slower. The text is the owner's template filled with a reader's values:
 * escaped, never markup.
 */
export function watermarkSvg(text: string, width: number, height: number): string {
  const { size, advance, rowGap } = watermarkLattice(text, width);
  const reach = watermarkReach(width, height);
  const copies: string[] = [];
  for (let row = 0, y = -reach; y <= reach + size; row++, y += rowGap) {
    for (let x = -reach - (row % 2) * (advance / 2); x <= reach; x += advance) copies.push(copy(text, x, y));
  }
  return svg(width, height, `translate(${width / 2} ${height / 2}) rotate(${-WATERMARK_ANGLE_DEGREES})`, size, copies);
}

/**
 * One period of the rows, unrotated: `advance` wide and two rows (`2 × rowGap`) high, the first
 * row's baseline `size` from the top. Laid end to end it is the rows of watermarkSvg, so rotating
 * and repeating its pixels draws the whole mark from a tenth of the glyphs. Copies either side
 * carry a glyph that runs past its own copy's slot into the next, as it would on the page.
 */
export function watermarkTileSvg(text: string, width: number): string {
  const { size, advance, rowGap } = watermarkLattice(text, width);
  const copies: string[] = [];
  for (let row = -1; row <= 2; row++) {
    for (let slot = -2; slot <= 1; slot++)
      copies.push(copy(text, slot * advance - (Math.abs(row) % 2) * (advance / 2), size + row * rowGap));
  }
  return svg(advance, 2 * rowGap, "", size, copies);
}

const copy = (text: string, x: number, y: number) =>
  `<text x="${round(x)}" y="${round(y)}">${text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!)}</text>`;

function svg(width: number, height: number, transform: string, size: number, copies: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    `<g${transform ? ` transform="${transform}"` : ""} font-size="${round(size)}" `,
    `fill="${WATERMARK_INK.hex}" fill-opacity="${OPACITY}" font-family="Helvetica, Arial, 'DejaVu Sans', sans-serif">`,
    ...copies,
    `</g></svg>`,
  ].join("");
}

const round = (value: number) => Math.round(value * 10) / 10;
