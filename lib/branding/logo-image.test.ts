import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { blackPng, HTML_TAIL, pngDeclaring, solidImage, SVG_WITH_SCRIPT } from "../../test/support/hostile-images";
import type { ApiError } from "../errors";
import { LOGO_BOX, MAX_LOGO_BYTES, processLogo, sniffLogoFormat } from "./logo-image";

// Every sharp pipeline made in this file, the tests' own and the pipeline's, so a test can tell
// whether libvips was handed an upload at all.
const sharpCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const { default: real } = await importOriginal<typeof import("sharp")>();
  const counted = (...args: unknown[]) => {
    sharpCalls.count++;
    return (real as (...args: unknown[]) => unknown)(...args);
  };
  return { default: Object.assign(counted, real) };
});

const ACCOUNT = "logo-image-test";

const refusal = (bytes: Buffer) =>
  processLogo(bytes, ACCOUNT).then(
    () => null,
    (error: ApiError) => error,
  );

describe("the logo pipeline", () => {
  it("accepts PNG, JPEG and WebP, re-encoded as a PNG that fits 512×128", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      const logo = await processLogo(await solidImage(format, 2048, 1024), ACCOUNT);
      const meta = await sharp(logo.data).metadata();
      expect(meta.format, format).toBe("png");
      expect([logo.width, logo.height], format).toEqual([256, 128]);
      expect(logo.width).toBeLessThanOrEqual(LOGO_BOX.width);
      expect(logo.hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("does not enlarge a small logo", async () => {
    const logo = await processLogo(await solidImage("png", 40, 20), ACCOUNT);
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
    const started = process.memoryUsage().rss;
    for (const [bomb, message] of [
      [pngDeclaring(30_000, 30_000), /30,000 × 30,000 pixels; a logo may be at most 8,000 pixels wide and 8,000 high/],
      [pngDeclaring(6000, 6000), /too many pixels/],
    ] as const) {
      expect(bomb.length).toBeLessThan(2048);
      const error = await refusal(bomb);
      expect(error?.status).toBe(400);
      expect(error?.message).toMatch(message);
    }
    // 30000×30000 RGB would be 2.7 GB decoded; nothing close to that was allocated.
    expect(process.memoryUsage().rss - started).toBeLessThan(200 * 1024 * 1024);
  });

  it("refuses the 97 KB PNG of 1 × 25,000,000 pixels from its header: sharp never sees it", async () => {
    const tall = blackPng(1, 25_000_000);
    expect(tall.length).toBeLessThan(MAX_LOGO_BYTES);
    sharpCalls.count = 0;
    const error = await refusal(tall);
    expect(sharpCalls.count).toBe(0);
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("bad_request");
    expect(error?.message).toBe(
      "This image is 1 × 25,000,000 pixels; a logo may be at most 8,000 pixels wide and 8,000 high. Resize it and upload it again.",
    );
    expect(error?.fields).toEqual({ logo: error?.message });
  });

  it("refuses a side over 8,000 pixels and a shape longer than 20:1, in each format, before sharp sees it", async () => {
    const refused: Array<[Buffer, RegExp]> = [];
    for (const format of ["png", "jpeg", "webp"] as const) {
      refused.push(
        [await solidImage(format, 9000, 1000), /9,000 × 1,000 pixels; a logo may be at most 8,000 pixels wide/],
        [await solidImage(format, 1000, 8001), /1,000 × 8,001 pixels; a logo may be at most 8,000 pixels wide and 8,000 high/],
        [await solidImage(format, 4100, 200), /4,100 × 200 pixels; a logo's longer side may be at most 20 times its shorter side/],
        [await solidImage(format, 10, 201), /10 × 201 pixels; a logo's longer side may be at most 20 times/],
      );
    }
    refused.push([blackPng(8000, 399), /8,000 × 399 pixels; a logo's longer side/]);
    sharpCalls.count = 0;
    for (const [bytes, message] of refused) {
      const error = await refusal(bytes);
      expect(error?.status, String(message)).toBe(400);
      expect(error?.message).toMatch(message);
    }
    expect(sharpCalls.count).toBe(0);
    // At the bounds it is a logo.
    for (const [width, height] of [
      [4000, 200],
      [10, 200],
      [8000, 400],
    ] as const) {
      const logo = await processLogo(await solidImage("png", width, height), ACCOUNT);
      expect(logo.width).toBeLessThanOrEqual(LOGO_BOX.width);
    }
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
    const logo = await processLogo(polyglot, ACCOUNT);
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
    const logo = await processLogo(withExif, ACCOUNT);
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
    const logo = await processLogo(animated, ACCOUNT);
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
