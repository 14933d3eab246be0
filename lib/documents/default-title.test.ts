import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { withXmpTitle } from "@/test/support/encrypted-pdf";
import { config } from "../config";
import { createUser } from "../users/create-user";
import { createDocument } from "./create-document";

/** Uploads `bytes` as `filename` without a title, as the dashboard's and the API's uploads do. */
async function uploadedTitle(bytes: Uint8Array, filename = "q3_board-deck.pdf", title?: string): Promise<string> {
  const owner = await createUser({ email: `titles-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const file = path.join(config().DATA_DIR, `upload-${randomBytes(6).toString("hex")}.pdf`);
  await writeFile(file, bytes);
  try {
    const doc = await createDocument(
      { teamId: owner.personalTeamId, userId: owner.id },
      { path: file, size: bytes.length, filename },
      title === undefined ? {} : { title },
    );
    return doc.title;
  } finally {
    await rm(file, { force: true });
  }
}

/** A PDF whose Info dictionary's Title is exactly `raw` (control characters and all). */
async function withInfoTitle(raw: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await samplePdf(1), { updateMetadata: false });
  pdf.setTitle(raw);
  return pdf.save();
}

describe("a new document's default title", () => {
  it("is the PDF's own Info Title, trimmed", async () => {
    expect(await uploadedTitle(await samplePdf(1, "Deck", { infoTitle: "  Acme Series A   deck " }))).toBe("Acme Series A deck");
  });

  it("is the XMP title when the Info dictionary has none", async () => {
    expect(await uploadedTitle(await withXmpTitle(await samplePdf(1), "Board pack &amp; minutes"))).toBe("Board pack & minutes");
  });

  it("drops an office suite's prefix and the file's extension", async () => {
    expect(await uploadedTitle(await withInfoTitle("Microsoft Word - Q3 plan.docx"))).toBe("Q3 plan");
    expect(await uploadedTitle(await withInfoTitle("Microsoft PowerPoint - Investor update.pptx"))).toBe("Investor update");
  });

  it("is the file name when the PDF has no title, or only a placeholder one", async () => {
    expect(await uploadedTitle(await samplePdf(1))).toBe("q3 board deck");
    for (const placeholder of ["Untitled", "untitled document", "Document1", "   ", "Microsoft Word - Document1.docx", "---"]) {
      expect(await uploadedTitle(await withInfoTitle(placeholder)), placeholder).toBe("q3 board deck");
    }
  });

  it("is bounded to 200 characters and carries no NUL or control character", async () => {
    const title = await uploadedTitle(await withInfoTitle(`Plan\u0000\u0007 ${"x".repeat(500)}`));
    expect(title).toHaveLength(200);
    expect(title).toMatch(/^Plan x+$/);
  });

  it("gives way to the title the upload names", async () => {
    expect(await uploadedTitle(await samplePdf(1, "Deck", { infoTitle: "Own title" }), "deck.pdf", "Chosen")).toBe("Chosen");
  });
});
