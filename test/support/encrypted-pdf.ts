import { PDFDocument, PDFHexString } from "pdf-lib";
import { samplePdf } from "../../scripts/lib/sample-pdf";

/** A PDF whose trailer declares standard-handler encryption, as a password-protected file does. */
export async function encryptedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.load(await samplePdf(1, "Encrypted"));
  const { context } = pdf;
  const hex = (s: string) => PDFHexString.of(s);
  context.trailerInfo.Encrypt = context.register(
    context.obj({ Filter: "Standard", V: 1, R: 2, O: hex("2a".repeat(32)), U: hex("2b".repeat(32)), P: -44 }),
  );
  context.trailerInfo.ID = context.obj([hex("0123456789abcdef0123456789abcdef"), hex("0123456789abcdef0123456789abcdef")]);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
