import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawPageWatermark } from "./draw-page-watermark";

describe("readers' marks drawn into page images in the web process", () => {
  it("leave nothing held by libvips: after 20 readers' marks its cache keeps no image and no memory", async () => {
    const page = await sharp({ create: { width: 1280, height: 1656, channels: 3, background: "#ffffff" } })
      .webp({ quality: 80, effort: 2 })
      .toBuffer();
    const marks = new Set<string>();
    for (let reader = 1; reader <= 20; reader++) {
      const marked = await drawPageWatermark(page, `Confidential · 10.1.0.${reader} · 2026-11-28`);
      marks.add(createHash("sha256").update(marked).digest("hex"));
    }
    expect(marks.size).toBe(20);
    // With no argument sharp.cache() only reads libvips's figures (memory in MB).
    const { memory, items } = sharp.cache();
    expect({ memoryMb: memory.current, cachedOperations: items.current }).toEqual({ memoryMb: 0, cachedOperations: 0 });
  }, 60_000);

  it("draws a reader's page the same whether or not other readers' marks were drawn on it first: the kept clean pixels are never inked", async () => {
    const page = await sharp({ create: { width: 1280, height: 1656, channels: 3, background: "#fdfcf8" } })
      .webp({ quality: 80, effort: 2 })
      .toBuffer();
    const digest = (image: Buffer) => createHash("sha256").update(image).digest("hex");
    const first = digest(await drawPageWatermark(page, "Confidential · first@example.com"));
    await drawPageWatermark(page, "Confidential · second@example.com");
    await drawPageWatermark(page, "Confidential · third@example.com");
    expect(digest(await drawPageWatermark(page, "Confidential · first@example.com"))).toBe(first);
  }, 60_000);
});
