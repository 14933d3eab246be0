import { readFile, writeFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { NO_GATE, pdfJobScratch } from "../../test/support/pdf-job-scratch";
import { scanGreys } from "../../test/support/scan-greys";
import { hostileJbig2Pdf, scannedPdf } from "../../test/support/viewer-fidelity-pdfs";
import { pageFileName, type PageFile } from "../storage/document-keys";
import { pageImageSize, PAGE_IMAGE_WIDTH } from "./render-pages";
import { pdfJobsInProgress, runPdfJob, runRenderJob, runWatermarkJob } from "./run-pdf-job";

const scratch = pdfJobScratch({ folder: "render-tests", pages: 3, settings: { PDF_WORKERS: "2", PDF_PUBLIC_WORKERS: "1" } });
const { file, pdfFile, held, inspect } = scratch;
const render = (input: string, from = 1, to = 1) => runRenderJob({ input, outputDir: scratch.dir, from, to });

describe("rendering pages to images", () => {
  it("draws the pages asked for as WebP (1280 and 640 px and a 320 px thumbnail, from one bitmap) with their layers, and reports each page's time and bytes", async () => {
    const outcome = await render(await pdfFile("doc.pdf"), 2, 9);
    expect(outcome.pages.map((page) => page.page)).toEqual([2, 3]);
    for (const { page, ms, files } of outcome.pages) {
      expect(ms).toBeGreaterThan(0);
      const read = (name: PageFile) => readFile(file(pageFileName(page, name)));
      const [image, small, thumb, layers] = await Promise.all([read("page"), read("w640"), read("thumb"), read("layers")]);
      expect([image.length, small.length, thumb.length, layers.length]).toEqual([files.page, files.w640, files.thumb, files.layers]);
      const widths = await Promise.all(
        [image, small, thumb].map(async (bytes) => {
          const { format, width } = await sharp(bytes).metadata();
          return [format, width];
        }),
      );
      expect(widths).toEqual([
        ["webp", PAGE_IMAGE_WIDTH],
        ["webp", 640],
        ["webp", 320],
      ]);
      expect(JSON.parse(layers.toString())).toMatchObject({ page, width: 612, height: 792 });
    }
  });

  it("draws a JBIG2 scan (which PDFium would leave blank) with pdf.js: the scan's black block dark where it stands, the paper white, every file written", async () => {
    const input = file("scan-jbig2.pdf");
    await writeFile(input, await scannedPdf("JBIG2"));
    const [drawn] = (await render(input)).pages;
    expect(Object.keys(drawn?.files ?? {}).sort()).toEqual(["layers", "page", "thumb", "w640"]);
    for (const variant of ["page", "w640", "thumb"] as const) {
      const image = await readFile(file(pageFileName(1, variant)));
      const greys = await scanGreys(image);
      expect(greys.block, `${variant}: inside the block`).toBeLessThan(40);
      expect(Math.min(greys.below, greys.left), `${variant}: the paper around it`).toBeGreaterThan(230);
    }
    expect(JSON.parse((await readFile(file(pageFileName(1, "layers")))).toString())).toMatchObject({ page: 1, width: 612, height: 792 });
  });

  it("a worker that drew JBIG2 with pdf.js still inspects uploads with unpdf's pdf.js (another version), and does both in one job", async () => {
    const input = file("scan-jbig2.pdf");
    await writeFile(input, await scannedPdf("JBIG2"));
    // Each job takes the worker the last one freed, so all three run in one process.
    expect((await render(input)).pages.map((page) => page.page)).toEqual([1]);
    const upload = await runPdfJob({
      input,
      previewOutput: file("scan.preview.pdf"),
      decryptedOutput: file("scan.decrypted.pdf"),
      gate: NO_GATE,
      render: { outputDir: scratch.dir, from: 1, to: 1 },
    });
    expect([upload.pageCount, upload.rendered?.map((page) => page.page)]).toEqual([1, [1]]);
    expect((await inspect(await pdfFile("upload.pdf"), "upload")).pageCount).toBe(3);
  });

  it("refuses a hostile JBIG2 page (a claimed 100,000 px square, a 60,000 px square bomb) within the worker's bounds, after drawing the honest scan before it", async () => {
    for (const kind of ["declared", "bomb"] as const) {
      const input = file(`hostile-${kind}.pdf`);
      await writeFile(input, await hostileJbig2Pdf(kind));
      // Drawing stops at the hostile page, as at any page it cannot draw truly: the job answers, its worker lives on.
      expect(
        (await render(input, 1, 2)).pages.map((page) => page.page),
        kind,
      ).toEqual([1]);
      await expect(render(input, 2, 2), kind).resolves.toMatchObject({ pages: [] });
    }
  });

  it("an upload's inspection draws page 1 in the same round trip", async () => {
    const outcome = await runPdfJob({
      input: await pdfFile("upload.pdf"),
      previewOutput: file("upload.preview.pdf"),
      decryptedOutput: file("upload.decrypted.pdf"),
      gate: NO_GATE,
      render: { outputDir: scratch.dir, from: 1, to: 1 },
    });
    expect([outcome.pageCount, outcome.rendered?.map((page) => page.page)]).toEqual([3, [1]]);
  });

  it("keeps a very tall page's image within 4096 px high, narrower instead", () => {
    expect(pageImageSize(612, 792)).toEqual({ width: 1280, height: 1656 });
    expect(pageImageSize(200, 2000)).toEqual({ width: 409, height: 4090 });
    expect(pageImageSize(2000, 100)).toEqual({ width: 1280, height: 64 });
    expect(pageImageSize(612, 792, 2048)).toEqual({ width: 2048, height: 2650 });
    expect(pageImageSize(200, 2000, 2048)).toEqual({ width: 655, height: 6550 });
  });
});

describe("the background lane", () => {
  it("holds at most one worker, leaves the other to uploads, and gives a freed worker to a waiting upload first", async () => {
    const heldRender = held("held-render.pdf");
    const rendering = render(heldRender.input);
    const waitingRender = render(await pdfFile("waiting-render.pdf"));
    expect([pdfJobsInProgress("background"), pdfJobsInProgress()]).toEqual([1, 1]);

    // An upload runs at once on the other worker.
    expect((await inspect(await pdfFile("upload.pdf"), "upload")).pageCount).toBe(3);

    // Both workers busy (a reader's watermark holds the other): an upload waits, and gets the background's worker when it frees.
    const heldWatermark = held("held-watermark.pdf");
    const watermarking = runWatermarkJob({ input: heldWatermark.input, output: file("out.pdf"), text: "Confidential" });
    const heldUpload = held("held-upload.pdf");
    const uploading = inspect(heldUpload.input, "held-upload");
    expect([pdfJobsInProgress("background"), pdfJobsInProgress("public"), pdfJobsInProgress("owner")]).toEqual([1, 1, 0]);

    await heldRender.release();
    await rendering;
    expect([pdfJobsInProgress("background"), pdfJobsInProgress("public"), pdfJobsInProgress("owner")]).toEqual([0, 1, 1]);

    await Promise.all([heldUpload.release(), heldWatermark.release()]);
    await Promise.all([uploading, watermarking, waitingRender]);
    expect(pdfJobsInProgress()).toBe(0);
  });
});
