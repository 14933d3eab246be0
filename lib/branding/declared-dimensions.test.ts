import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blackPng, solidImage } from "../../test/support/hostile-images";
import { declaredDimensions } from "./declared-dimensions";

const image = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 36, g: 83, b: 224, alpha: 0.5 } } });

describe("the dimensions an image's header declares", () => {
  it("are the ones libvips reads, for each way each format is written", async () => {
    const frame = await image(300, 40).png().toBuffer();
    const samples: Array<[string, "png" | "jpeg" | "webp", Buffer]> = [
      ["PNG", "png", await solidImage("png", 1234, 56)],
      ["PNG, interlaced with alpha", "png", await image(57, 1234, 4).png({ progressive: true }).toBuffer()],
      ["PNG built by hand", "png", blackPng(3, 70)],
      ["JPEG", "jpeg", await solidImage("jpeg", 4321, 12)],
      [
        "JPEG, progressive, with EXIF",
        "jpeg",
        await image(640, 33)
          .withExif({ IFD0: { Copyright: "x" } })
          .jpeg({ progressive: true })
          .toBuffer(),
      ],
      ["WebP, lossy", "webp", await solidImage("webp", 16383, 9)],
      ["WebP, lossless", "webp", await image(9, 4000).webp({ lossless: true }).toBuffer()],
      ["WebP, lossy with alpha (VP8X)", "webp", await image(777, 55, 4).webp().toBuffer()],
      [
        "WebP, animated",
        "webp",
        await sharp([frame, frame], { join: { animated: true } })
          .webp({ loop: 0 })
          .toBuffer(),
      ],
    ];
    for (const [name, format, bytes] of samples) {
      const meta = await sharp(bytes, { pages: 1 }).metadata();
      expect(declaredDimensions(bytes, format), name).toEqual({ width: meta.width, height: meta.height });
    }
  });

  it("skip a thumbnail's frame inside the EXIF segment, as the decoder does", async () => {
    const thumbnail = await solidImage("jpeg", 9000, 10);
    const main = await solidImage("jpeg", 200, 100);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(2 + 6 + thumbnail.length);
    // SOI, then an APP1 segment carrying a whole JPEG, then the main image's segments.
    const jpeg = Buffer.concat([
      main.subarray(0, 2),
      Buffer.from([0xff, 0xe1]),
      length,
      Buffer.from("Exif\0\0"),
      thumbnail,
      main.subarray(2),
    ]);
    expect(declaredDimensions(jpeg, "jpeg")).toEqual({ width: 200, height: 100 });
  });

  it("are null for a header that is cut short, out of order or declares nothing", async () => {
    const png = await solidImage("png");
    const jpeg = await solidImage("jpeg");
    const webp = await solidImage("webp");
    const noIhdrFirst = Buffer.from(png);
    noIhdrFirst.write("tEXt", 12, "latin1");
    const broken: Array<["png" | "jpeg" | "webp", Buffer]> = [
      ["png", png.subarray(0, 20)],
      ["png", noIhdrFirst],
      ["png", blackPng(0, 10)],
      ["jpeg", jpeg.subarray(0, 10)],
      // Scan data before any frame header.
      ["jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0])],
      // Garbage where a marker must be.
      ["jpeg", Buffer.concat([jpeg.subarray(0, 2), Buffer.from("garbage"), jpeg.subarray(2)])],
      ["webp", webp.subarray(0, 24)],
      ["webp", Buffer.concat([webp.subarray(0, 12), Buffer.from("ALPH"), webp.subarray(16)])],
    ];
    for (const [format, bytes] of broken) expect(declaredDimensions(bytes, format), `${format} ${bytes.length}`).toBeNull();
  });
});
