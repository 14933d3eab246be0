import { randomBytes } from "node:crypto";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

/** A generated multi-page PDF: a title and "Page N of M" on every page, for demos, tests and benchmarks; `infoTitle`: the file's own Title. */
export async function samplePdf(
  pages: number,
  title = "Sample document",
  options: { paddingKiBPerPage?: number; pageWords?: Record<number, string>; infoTitle?: string } = {},
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  // Without a title of its own, an upload that names none is titled after its file, as most tests expect.
  if (options.infoTitle !== undefined) pdf.setTitle(options.infoTitle);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([612, 792]);
    page.drawRectangle({ x: 0, y: 712, width: 612, height: 80, color: rgb(0.14, 0.33, 0.88) });
    page.drawText(title, { x: 48, y: 742, size: 22, font: bold, color: rgb(1, 1, 1) });
    page.drawText(`Page ${n} of ${pages}`, { x: 48, y: 640, size: 36, font: bold, color: rgb(0.1, 0.1, 0.15) });
    const lines = [
      "Pagewise sample content. Each page carries its own number so tests can tell",
      "which page a reader sees. The rest is filler text to give the page some weight.",
    ];
    lines.forEach((line, i) => page.drawText(line, { x: 48, y: 590 - i * 18, size: 12, font: regular, color: rgb(0.3, 0.3, 0.35) }));
    const words = options.pageWords?.[n];
    if (words) page.drawText(words, { x: 48, y: 520, size: 14, font: regular, color: rgb(0.1, 0.1, 0.15) });
    // Incompressible weight, like a scanned page's image, so file size resembles real decks.
    if (options.paddingKiBPerPage) pdf.context.register(pdf.context.stream(randomBytes(options.paddingKiBPerPage * 1024)));
  }
  return Buffer.from(await pdf.save());
}
