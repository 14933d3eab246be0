import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { drawPageWatermark } from "./draw-page-watermark";
import { WATERMARK_MASK_CACHE_BYTES, watermarkMaskCacheLoad } from "./watermark-mask";
import { watermarkSvg } from "./watermark-svg";

const blankPage = (width = 1280, height = 1656) =>
  sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();

const reader = (n: number) => `Confidential · 10.2.0.${n} · 2026-11-29`;

describe("a reader's mark, rasterised once for their pages", () => {
  it("is rasterised once for a reader's four pages at one width and kept in one mask", async () => {
    const page = await blankPage();
    const before = watermarkMaskCacheLoad();
    const text = `${reader(1)} · four pages`;
    for (let pageNumber = 1; pageNumber <= 4; pageNumber++) await drawPageWatermark(page, text);
    expect(watermarkMaskCacheLoad().masks - before.masks).toBe(1);
  });

  it("keeps its masks within WATERMARK_MASK_CACHE_BYTES after many readers, counted across Next's bundles", async () => {
    const page = await blankPage();
    for (let n = 1; n <= 12; n++) await drawPageWatermark(page, reader(n));
    vi.resetModules();
    const other = await import("./draw-page-watermark");
    const otherCache = await import("./watermark-mask");
    for (let n = 13; n <= 24; n++) await other.drawPageWatermark(page, reader(n));
    const load = otherCache.watermarkMaskCacheLoad();
    expect(load).toEqual(watermarkMaskCacheLoad());
    expect(load.masks).toBeGreaterThan(1);
    expect(load.bytes).toBeLessThanOrEqual(WATERMARK_MASK_CACHE_BYTES);
    expect(load.bytes).toBe(load.masks * 1280 * 1656);
  }, 60_000);

  it("looks as the mark's SVG composited onto the page: the same ink, to within WebP's noise", async () => {
    const page = await sharp({ create: { width: 640, height: 828, channels: 3, background: "#f4f1ea" } })
      .webp({ quality: 80, effort: 2 })
      .toBuffer();
    const text = reader(99);
    const composited = await sharp(page)
      .composite([{ input: Buffer.from(watermarkSvg(text, 640, 828)), top: 0, left: 0 }])
      .removeAlpha()
      .raw()
      .toBuffer();
    const drawn = await sharp(await drawPageWatermark(page, text))
      .removeAlpha()
      .raw()
      .toBuffer();
    let total = 0;
    for (let i = 0; i < drawn.length; i++) total += Math.abs(drawn[i]! - composited[i]!);
    expect(total / drawn.length).toBeLessThan(1.5);
  });
});
