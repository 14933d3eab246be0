import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { docx, docxParts, odt, xlsx, zipOf } from "@/test/support/office-files";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { config, reloadConfig } from "../config";
import type { ApiError } from "../errors";
import { prepareUpload } from "./prepare-upload";

async function prepared(bytes: Buffer, filename: string) {
  const dir = path.join(config().DATA_DIR, "sniff");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `upload-${randomBytes(6).toString("hex")}`);
  await writeFile(file, bytes);
  try {
    const upload = await prepareUpload({ path: file, size: bytes.length, filename });
    await upload.cleanup();
    return upload.sourceType ?? "pdf";
  } finally {
    await rm(file, { force: true });
  }
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the upload to be refused");
    },
    (error: unknown) => error as ApiError,
  );

afterEach(() => {
  delete process.env.LIBREOFFICE_PATH;
  reloadConfig();
});

// LibreOffice is not needed here: every file is refused before it, or is a PDF.
describe("what an upload is, by its bytes", () => {
  it("takes a PDF as it is, whatever extension it has", async () => {
    const pdf = Buffer.from(await samplePdf(1, "Plain"));
    expect(await prepared(pdf, "deck.pdf")).toBe("pdf");
    expect(await prepared(pdf, "deck")).toBe("pdf");
  });

  it("refuses a PDF named .docx, and a .docx named .pdf or .xlsx", async () => {
    const pdf = Buffer.from(await samplePdf(1, "Plain"));
    const named = await refusal(prepared(pdf, "memo.docx"));
    expect(named.status).toBe(400);
    expect(named.code).toBe("bad_request");
    expect(named.message).toBe(
      "memo.docx is named as .docx but is a PDF inside. Upload it under its own name (.pdf), or export it again as .docx.",
    );
    expect((await refusal(prepared(docx(1, "Memo"), "memo.pdf"))).message).toMatch(
      /memo\.pdf is named as \.pdf but is a \.docx file inside/,
    );
    expect((await refusal(prepared(docx(1, "Memo"), "memo.xlsx"))).message).toMatch(/named as \.xlsx but is a \.docx file/);
    expect((await refusal(prepared(odt(1, "Memo"), "memo.docx"))).message).toMatch(/named as \.docx but is a \.odt file/);
  });

  it("refuses macro-enabled files by name and by a VBA project inside", async () => {
    for (const name of ["model.xlsm", "memo.docm", "deck.pptm"]) {
      const refused = await refusal(prepared(docx(1, "Macros"), name));
      expect(refused.code).toBe("bad_request");
      expect(refused.message).toMatch(/contains macros, which this server never runs/);
    }
    const hidden = zipOf([...docxParts(1, "Macros"), { name: "word/vbaProject.bin", data: randomBytes(512) }]);
    expect((await refusal(prepared(hidden, "memo.docx"))).message).toMatch(/contains macros/);
  });

  it("refuses a zip bomb inside a .docx: by its declared size, by its ratio, and one lying about its size", async () => {
    const declared = zipOf([...docxParts(1, "Bomb"), { name: "word/media/huge.bin", data: "small", declaredSize: 300 * 1024 * 1024 }]);
    expect((await refusal(prepared(declared, "bomb.docx"))).message).toMatch(
      /more than 200 MB or more than 100 times its size \(it may be a zip bomb\)/,
    );
    const zeros = zipOf([...docxParts(1, "Bomb"), { name: "word/media/zeros.bin", data: Buffer.alloc(40 * 1024 * 1024) }]);
    expect(zeros.length).toBeLessThan(200 * 1024);
    expect((await refusal(prepared(zeros, "bomb.docx"))).message).toMatch(/zip bomb/);
    const liar = zipOf([...docxParts(1, "Bomb"), { name: "word/media/liar.bin", data: randomBytes(64 * 1024), declaredSize: 1024 }]);
    expect((await refusal(prepared(liar, "bomb.docx"))).message).toMatch(/zip bomb/);
  });

  it("refuses an XML entity bomb in any part", async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol2;</w:t></w:r></w:p></w:body></w:document>`;
    const parts = docxParts(1, "Laughs").map((part) => (part.name === "word/document.xml" ? { ...part, data: laughs } : part));
    const refused = await refusal(prepared(zipOf(parts), "laughs.docx"));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/word\/document\.xml inside the file declares XML entities/);
  });

  it("refuses a type it does not take, naming those it takes", async () => {
    const refused = await refusal(prepared(Buffer.from("GIF89a\x01\x00\x01\x00"), "logo.gif"));
    expect(refused.code).toBe("bad_request");
    expect(refused.message).toContain(
      "PDF (.pdf), PowerPoint (.pptx, .ppt, .odp), Word (.docx, .doc, .odt, .rtf), Excel (.xlsx, .xls, .ods, .csv), images (.png, .jpg, .jpeg)",
    );
    expect((await refusal(prepared(Buffer.from("hello, I am text"), "notes.txt"))).message).toMatch(/not a PDF/);
  });

  it("without LibreOffice, refuses an office file saying how to enable it, and still takes PDFs and images", async () => {
    process.env.LIBREOFFICE_PATH = "/nonexistent/soffice";
    reloadConfig();
    const refused = await refusal(prepared(xlsx(1, 3, "Model"), "model.xlsx"));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      "This server cannot convert xlsx files: LibreOffice is not installed at LIBREOFFICE_PATH (/nonexistent/soffice). To enable office files, install it (Debian: apt-get install --no-install-recommends libreoffice-core-nogui libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui) or set LIBREOFFICE_PATH; until then, export the file as PDF and upload that.",
    );
    expect((await refusal(prepared(Buffer.from("GIF89a"), "logo.gif"))).message).toContain(
      "It takes: PDF (.pdf), images (.png, .jpg, .jpeg).",
    );
    expect(await prepared(Buffer.from(await samplePdf(1, "Plain")), "deck.pdf")).toBe("pdf");
  });
});
