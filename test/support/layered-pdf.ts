import { PDFDocument, PDFName, PDFString, StandardFonts, degrees } from "pdf-lib";

/** Where page 1's words and links sit, in PDF points from the bottom left of a letter page (612 × 792). */
export const LAYERED = {
  size: [612, 792] as const,
  heading: { text: "Quarterly results", x: 72, y: 700, size: 24 },
  links: {
    toPage3: [72, 600, 300, 620],
    web: [72, 560, 300, 580],
    mail: [72, 520, 300, 540],
    script: [72, 480, 300, 500],
    file: [72, 440, 300, 460],
    launch: [72, 400, 300, 420],
  },
  webUrl: "https://example.com/report?q=1",
  mailUrl: "mailto:ir@example.com",
  rotatedText: "Turned page",
} as const;

/**
 * Three pages: page 1 with a heading and links of every kind a reader's link layer must keep (a
 * destination in the file, a web and a mail address) or drop (a script, a local file, a program to
 * launch); page 2 turned a quarter (`/Rotate 90`) with a line of text; page 3 the links' target.
 */
export async function layeredPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [first, turned, third] = [pdf.addPage([...LAYERED.size]), pdf.addPage([...LAYERED.size]), pdf.addPage([...LAYERED.size])];
  const { heading } = LAYERED;
  first!.drawText(heading.text, { x: heading.x, y: heading.y, size: heading.size, font });
  turned!.drawText(LAYERED.rotatedText, { x: 72, y: 700, size: 24, font });
  turned!.setRotation(degrees(90));
  third!.drawText("Appendix", { x: 72, y: 700, size: 24, font });
  const link = (rect: readonly number[], target: Record<string, unknown>) =>
    pdf.context.register(pdf.context.obj({ Type: "Annot", Subtype: "Link", Rect: [...rect], Border: [0, 0, 0], ...target }));
  const uri = (address: string) => ({ A: { S: "URI", URI: PDFString.of(address) } });
  const { links } = LAYERED;
  first!.node.set(
    PDFName.of("Annots"),
    pdf.context.obj([
      link(links.toPage3, { Dest: [third!.ref, PDFName.of("Fit")] }),
      link(links.web, uri(LAYERED.webUrl)),
      link(links.mail, uri(LAYERED.mailUrl)),
      link(links.script, uri("javascript:alert(document.cookie)")),
      link(links.file, uri("file:///etc/passwd")),
      link(links.launch, { A: { S: "Launch", F: PDFString.of("calc.exe") } }),
    ]),
  );
  return Buffer.from(await pdf.save());
}

/** One page crowded past every bound of the layers: thousands of lines of text and of link annotations. */
export async function crowdedPdf(lines: number, annotations: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const operators = Array.from(
    { length: lines },
    (_, i) => `BT /F1 2 Tf ${(i % 20) * 30} ${(Math.floor(i / 20) % 390) * 2} Td (word${i} filler text) Tj ET`,
  );
  page.node.set(PDFName.of("Resources"), pdf.context.obj({ Font: { F1: (await pdf.embedFont(StandardFonts.Helvetica)).ref } }));
  page.node.set(PDFName.of("Contents"), pdf.context.register(pdf.context.flateStream(operators.join("\n"))));
  const annots = Array.from({ length: annotations }, (_, i) =>
    pdf.context.register(
      pdf.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [(i % 50) * 12, Math.floor(i / 50) * 10, (i % 50) * 12 + 10, Math.floor(i / 50) * 10 + 8],
        A: { S: "URI", URI: PDFString.of(`https://example.com/${i}`) },
      }),
    ),
  );
  page.node.set(PDFName.of("Annots"), pdf.context.obj(annots));
  return Buffer.from(await pdf.save());
}
