import { degrees, PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";

/** The look shared with the viewer's overlay (components/viewer/pages/watermark-overlay.tsx): diagonal rows at 15 % ink. */
export const WATERMARK_ANGLE_DEGREES = 30;
export const WATERMARK_OPACITY = 0.15;
// A page gets at most this many copies of the text; a long, thin page gets wider gaps instead of more copies.
const MAX_COPIES_PER_PAGE = 400;

/**
 * Draws `text` over every page of `document`, tiled in diagonal rows across the visible box, so
 * cropping part of a page never removes it. The page's own content is left as it was (pdf-lib
 * wraps it in q…Q before appending the watermark's content stream).
 */
export async function drawWatermark(document: PDFDocument, text: string): Promise<void> {
  const font = await document.embedFont(StandardFonts.Helvetica);
  const line = encodable(font, text);
  for (const page of document.getPages()) {
    const box = page.getCropBox();
    const size = Math.min(24, Math.max(8, Math.min(box.width, box.height) / 40));
    const width = font.widthOfTextAtSize(line, size);
    // Drawn at the angle plus the page's rotation, so it reads at the same slant on screen.
    const angle = WATERMARK_ANGLE_DEGREES + page.getRotation().angle;
    const radians = (angle * Math.PI) / 180;
    const reach = Math.hypot(box.width, box.height) / 2 + width;
    let stepX = width + size * 3;
    let stepY = size * 4;
    const copies = () => Math.ceil((2 * reach) / stepX) * Math.ceil((2 * reach) / stepY);
    while (copies() > MAX_COPIES_PER_PAGE) [stepX, stepY] = [stepX * 1.25, stepY * 1.25];
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
    for (let row = 0, v = -reach; v <= reach; row++, v += stepY) {
      for (let u = -reach + (row % 2) * (stepX / 2); u <= reach; u += stepX) {
        const [x, y] = [cx + u * cos - v * sin, cy + u * sin + v * cos];
        if (!overlaps(box, textCorners(x, y, width, size, cos, sin))) continue;
        page.drawText(line, {
          x,
          y,
          size,
          font,
          color: rgb(0.1, 0.1, 0.1),
          opacity: WATERMARK_OPACITY,
          rotate: degrees(angle),
        });
      }
    }
  }
}

type Box = { x: number; y: number; width: number; height: number };

/** The corners of a line of text drawn at (x, y), `width` long and `size` high, slanted by the angle. */
function textCorners(x: number, y: number, width: number, size: number, cos: number, sin: number): Array<[number, number]> {
  const [ax, ay] = [width * cos, width * sin];
  const [bx, by] = [-size * sin, size * cos];
  return [
    [x, y],
    [x + ax, y + ay],
    [x + bx, y + by],
    [x + ax + bx, y + ay + by],
  ];
}

/** Whether the corners' bounding box meets the page's box: copies wholly off the page are not drawn. */
function overlaps(box: Box, corners: Array<[number, number]>): boolean {
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return (
    Math.max(...xs) >= box.x && Math.min(...xs) <= box.x + box.width && Math.max(...ys) >= box.y && Math.min(...ys) <= box.y + box.height
  );
}

/** The standard font draws WinAnsi characters only; any other (an internationalised address) becomes "?". */
function encodable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((char) => (known.has(char.codePointAt(0)!) ? char : "?")).join("");
}
