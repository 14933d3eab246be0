import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HTML_TAIL, pngDeclaring, solidImage, SVG_WITH_SCRIPT } from "../../test/support/hostile-images";
import type { ApiError } from "../errors";
import { LOGO_BOX, MAX_LOGO_BYTES, processLogo, sniffLogoFormat } from "./logo-image";

const refusal = (bytes: Buffer) =>
  processLogo(bytes).then(
    () => null,
    (error: ApiError) => error,
  );

describe("the logo pipeline", () => {
  it("accepts PNG, JPEG and WebP, re-encoded as a PNG that fits 512×128", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      const logo = await processLogo(await solidImage(format, 2048, 1024));
      const meta = await sharp(logo.data).metadata();
      expect(meta.format, format).toBe("png");
      expect([logo.width, logo.height], format).toEqual([256, 128]);
      expect(logo.width).toBeLessThanOrEqual(LOGO_BOX.width);
      expect(logo.hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("does not enlarge a small logo", async () => {
    const logo = await processLogo(await solidImage("png", 40, 20));
    expect([logo.width, logo.height]).toEqual([40, 20]);
  });

  it("refuses SVG, even with an image's name, saying why", async () => {
    const error = await refusal(SVG_WITH_SCRIPT);
    expect(error?.status).toBe(400);
    expect(error?.message).toMatch(/SVG logos are not accepted: they can carry scripts/);
    expect(error?.fields).toHaveProperty("logo");
    // With a BOM and leading whitespace too.
    expect(sniffLogoFormat(Buffer.concat([Buffer.from("\uFEFF  \n"), SVG_WITH_SCRIPT]))).toBe("svg");
  });

  it("refuses GIF", async () => {
    expect((await refusal(await solidImage("gif")))?.message).toMatch(/GIF logos are not accepted/);
  });

  it("refuses a pixel bomb from its header, before decoding it", async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2048);
    const started = process.memoryUsage().rss;
    const error = await refusal(bomb);
    expect(error?.status).toBe(400);
    expect(error?.message).toMatch(/too many pixels/);
    // 30000×30000 RGB would be 2.7 GB decoded; nothing close to that was allocated.
    expect(process.memoryUsage().rss - started).toBeLessThan(200 * 1024 * 1024);
  });

  it("decides the type by the bytes: HTML or text with a .png name is refused", async () => {
    for (const bytes of [Buffer.from(HTML_TAIL), Buffer.from("just text"), Buffer.from([0x89, 0x50, 0x4e, 0x47])]) {
      expect((await refusal(bytes))?.message).toMatch(/not an image we accept/);
    }
  });

  it("refuses a file whose magic bytes promise an image its body is not", async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(HTML_TAIL)]);
    expect((await refusal(fake))?.message).toMatch(/could not be read/);
  });

  it("serves none of a polyglot's trailing bytes: the output is a fresh encoding", async () => {
    const polyglot = Buffer.concat([await solidImage("png"), Buffer.from(HTML_TAIL)]);
    const logo = await processLogo(polyglot);
    expect(logo.data.includes(Buffer.from("<script"))).toBe(false);
    expect(logo.data.includes(Buffer.from("<html"))).toBe(false);
    expect((await sharp(logo.data).metadata()).format).toBe("png");
  });

  it("drops the upload's metadata (EXIF, such as a camera's location)", async () => {
    const withExif = await sharp(await solidImage("jpeg"))
      .withExif({ IFD0: { Copyright: "secret-marker-7f3a" } })
      .jpeg()
      .toBuffer();
    expect(withExif.includes(Buffer.from("secret-marker-7f3a"))).toBe(true);
    const logo = await processLogo(withExif);
    expect(logo.data.includes(Buffer.from("secret-marker-7f3a"))).toBe(false);
    expect((await sharp(logo.data).metadata()).exif).toBeUndefined();
  });

  it("takes an animated image's first frame, as a still PNG", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#ff0000"), await frame("#00ff00")], { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const logo = await processLogo(animated);
    const meta = await sharp(logo.data).metadata();
    expect([meta.format, meta.pages ?? 1, logo.width, logo.height]).toEqual(["png", 1, 40, 20]);
    const { data } = await sharp(logo.data).raw().toBuffer({ resolveWithObject: true });
    // The first frame is red (WebP's lossy encoding moves a channel by a step or two).
    expect(data[0]).toBeGreaterThan(240);
    expect(data[1]).toBeLessThan(16);
  });

  it("refuses an empty file and one over 1 MB", async () => {
    expect((await refusal(Buffer.alloc(0)))?.message).toMatch(/Choose an image/);
    const big = Buffer.concat([await solidImage("png"), Buffer.alloc(MAX_LOGO_BYTES)]);
    expect((await refusal(big))?.status).toBe(413);
  });
});
