import { readFile, readdir, writeFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HOSTILE_PAGE_COUNT, HOSTILE_PDFS } from "../../test/support/hostile-pdfs";
import { crowdedPdf, LAYERED, layeredPdf } from "../../test/support/layered-pdf";
import { pdfJobScratch } from "../../test/support/pdf-job-scratch";
import { pageFileName } from "../storage/document-keys";
import { LAYER_LIMITS, safeUrl, type PageLayers } from "./page-layers";
import type { PageOutputs } from "./pdf-job";
import { runRenderJob } from "./run-pdf-job";

const scratch = pdfJobScratch({ folder: "layers-tests", pages: 1, settings: {} });

async function draw(bytes: Buffer, from: number, to = from, outputs?: PageOutputs) {
  const input = scratch.file(`input-${from}-${to}-${outputs ?? "every"}.pdf`);
  await writeFile(input, bytes);
  return runRenderJob({ input, outputDir: scratch.dir, from, to, outputs });
}
const layersOf = async (page: number): Promise<PageLayers> =>
  JSON.parse(await readFile(scratch.file(pageFileName(page, "layers")), "utf8"));
const [pageWidth, pageHeight] = LAYERED.size;
/** A rectangle in PDF points (x1, y1, x2, y2 from the bottom left) as the layers' fractions from the top left. */
const frame = ([x1, y1, x2, y2]: readonly number[]) => ({
  x: x1! / pageWidth,
  y: (pageHeight - y2!) / pageHeight,
  w: (x2! - x1!) / pageWidth,
  h: (y2! - y1!) / pageHeight,
});
const near = (box: { x: number; y: number; w: number; h: number }, expected: ReturnType<typeof frame>) =>
  (["x", "y", "w", "h"] as const).every((side) => Math.abs(box[side] - expected[side]) < 0.002);

describe("a page's text and link layers", () => {
  it("holds the page's words where they are drawn, as fractions of the page from the top left", async () => {
    await draw(await layeredPdf(), 1);
    const layers = await layersOf(1);
    expect([layers.page, layers.width, layers.height]).toEqual([1, 612, 792]);
    const heading = layers.text.find((run) => run.str.includes(LAYERED.heading.text));
    expect(heading).toBeDefined();
    const { x, y, size } = LAYERED.heading;
    expect(Math.abs(heading!.x - x / pageWidth)).toBeLessThan(0.01);
    // The run spans the baseline and rises no more than the font's size above it.
    const baseline = (pageHeight - y) / pageHeight;
    expect(heading!.y).toBeLessThan(baseline);
    expect(heading!.y + heading!.h).toBeGreaterThan(baseline - 0.001);
    expect(heading!.y).toBeGreaterThan((pageHeight - y - size) / pageHeight);
  });

  it("keeps links to pages of the document, web and mail addresses, and drops scripts, local files and programs", async () => {
    await draw(await layeredPdf(), 1);
    const { links } = await layersOf(1);
    expect(links).toHaveLength(3);
    const toPage = links.find((link) => "page" in link);
    expect(toPage).toMatchObject({ page: 3 });
    expect(near(toPage!, frame(LAYERED.links.toPage3))).toBe(true);
    const web = links.find((link) => "url" in link && link.url.startsWith("https:"));
    expect(web).toMatchObject({ url: LAYERED.webUrl });
    expect(near(web!, frame(LAYERED.links.web))).toBe(true);
    expect(links.find((link) => "url" in link && link.url.startsWith("mailto:"))).toMatchObject({ url: LAYERED.mailUrl });
    expect(JSON.stringify(links)).not.toMatch(/javascript|file:|calc/i);
  });

  it("applies the page's rotation: a page turned a quarter is laid out landscape, its line of text running down", async () => {
    await draw(await layeredPdf(), 2);
    const layers = await layersOf(2);
    expect([layers.width, layers.height]).toEqual([792, 612]);
    const run = layers.text.find((candidate) => candidate.str.includes(LAYERED.rotatedText))!;
    expect(run.h).toBeGreaterThan(run.w);
    for (const side of [run.x, run.y, run.x + run.w, run.y + run.h]) expect(side).toBeGreaterThanOrEqual(0);
    for (const side of [run.x + run.w, run.y + run.h]) expect(side).toBeLessThanOrEqual(1);
  });

  it("draws each zoom image (2048 and 3072 px) alone when asked for it, and the layers alone for a page drawn before they existed", async () => {
    const pdf = await layeredPdf();
    for (const [file, width] of [
      ["w2048", 2048],
      ["w3072", 3072],
    ] as const) {
      const zoom = await draw(pdf, 3, 3, file);
      expect(Object.keys(zoom.pages[0]!.files)).toEqual([file]);
      expect((await sharp(await readFile(scratch.file(pageFileName(3, file)))).metadata()).width).toBe(width);
    }
    const layersOnly = await draw(pdf, 1, 1, "layers");
    expect(Object.keys(layersOnly.pages[0]!.files)).toEqual(["layers"]);
    expect((await readdir(scratch.dir)).filter((name) => name.startsWith("1"))).toEqual([pageFileName(1, "layers")]);
    expect((await layersOf(1)).links).toHaveLength(3);
  });

  it("stays within its bounds on a page crowded with text and link annotations", async () => {
    const outcome = await draw(await crowdedPdf(8000, 3000), 1);
    expect(outcome.pages[0]!.files.layers).toBeLessThanOrEqual(LAYER_LIMITS.jsonBytes);
    const layers = await layersOf(1);
    expect(layers.text.length).toBeGreaterThan(0);
    expect(layers.text.length).toBeLessThanOrEqual(LAYER_LIMITS.runs);
    expect(layers.text.reduce((sum, run) => sum + run.str.length, 0)).toBeLessThanOrEqual(LAYER_LIMITS.chars);
    expect(layers.links).toHaveLength(LAYER_LIMITS.links);
  });

  it.each(Object.entries(HOSTILE_PDFS))("reads %s within bounds, with links only to its pages or the web", async (_, build) => {
    const outcome = await draw(await build(), 1, HOSTILE_PAGE_COUNT);
    expect(outcome.pages).toHaveLength(HOSTILE_PAGE_COUNT);
    for (let page = 1; page <= HOSTILE_PAGE_COUNT; page++) {
      const layers = await layersOf(page);
      expect(outcome.pages[page - 1]!.files.layers).toBeLessThanOrEqual(LAYER_LIMITS.jsonBytes);
      for (const link of layers.links) {
        if ("page" in link) expect(link.page).toBeGreaterThanOrEqual(1);
        if ("page" in link) expect(link.page).toBeLessThanOrEqual(HOSTILE_PAGE_COUNT);
        else expect(safeUrl(link.url)).toEqual({ url: link.url });
      }
    }
  });
});

describe("which link addresses a reader may follow", () => {
  it("keeps web and mail addresses and refuses every other scheme", () => {
    expect(safeUrl(" https://example.com/a b ")).toEqual({ url: "https://example.com/a%20b" });
    expect(safeUrl("mailto:a@example.com")).toEqual({ url: "mailto:a@example.com" });
    for (const refused of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "file:///etc/passwd",
      "vbscript:x",
      "not a url",
    ]) {
      expect(safeUrl(refused)).toBeNull();
    }
  });
});
