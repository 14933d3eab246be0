import { randomBytes } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { reloadConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import type { Document } from "@/lib/generated/prisma/client";
import { CLIENT_ADDRESS_HEADER, stampFor } from "@/lib/request/client-address";
import { CONTENT_LENGTH_HEADER } from "@/lib/request/server-headers";
import { storage } from "@/lib/storage";
import { pageFileKey } from "@/lib/storage/document-keys";
import { createUser } from "@/lib/users/create-user";
import { drawPageWatermark } from "@/lib/viewer/files/draw-page-watermark";
import { pageWatermarkCache } from "@/lib/viewer/files/watermarked-page-image";
import * as gateRoute from "@/app/s/[code]/gate/route";
import * as pageRoute from "@/app/s/[code]/pages/[page]/route";

/**
 * Readers' page images fetched through the route handler, as a browser fetches them: each `Reader`
 * keeps its own cookie jar (what next/headers' cookies() reads and sets) and address.
 */
const jars = vi.hoisted(() => ({ current: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (jars.current.has(name) ? { name, value: jars.current.get(name)! } : undefined),
    getAll: () => [...jars.current].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string) => void jars.current.set(name, value),
  }),
  headers: async () => new Headers(),
}));

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

class Reader {
  readonly jar = new Map<string, string>();
  readonly address = `203.0.113.${randomBytes(4).toString("hex")}`;

  private call(handler: unknown, url: string, params: Record<string, string>, init: RequestInit = {}) {
    jars.current = this.jar;
    const req = new Request(`http://localhost:3000${url}`, {
      ...init,
      headers: { [CLIENT_ADDRESS_HEADER]: stampFor(this.address), "content-type": "application/json", ...init.headers },
    });
    return (handler as Handler)(req, { params: Promise.resolve(params) });
  }

  async passGate(doc: Document, email: string) {
    const response = await this.call(
      gateRoute.POST,
      `/s/${doc.code}/gate`,
      { code: doc.code },
      { method: "POST", body: JSON.stringify({ email }) },
    );
    expect(response.status).toBe(200);
  }

  page(doc: Document, page = 1, headers: Record<string, string> = {}, width = "") {
    const url = `/s/${doc.code}/pages/${page}?version=${doc.version}${width && `&w=${width}`}`;
    return this.call(pageRoute.GET, url, { code: doc.code, page: String(page) }, { headers });
  }

  async image(doc: Document, page = 1, width = ""): Promise<{ bytes: Buffer; etag: string }> {
    const response = await this.page(doc, page, {}, width);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(Number(response.headers.get(CONTENT_LENGTH_HEADER)));
    return { bytes, etag: response.headers.get("etag")! };
  }
}

/** The marked images kept now (tests in this file share the data directory's cache). */
const cacheEntries = async () => (await readdir(pageWatermarkCache().dir).catch(() => [] as string[])).sort();

const today = () => new Date().toISOString().slice(0, 10);
const cleanImage = async (doc: Document, page = 1) => buffer((await storage().get(pageFileKey(doc.storageKey, page, "page")))!.body);

/** Per pixel, the largest difference of any channel between two images of one size. */
async function difference(a: Buffer, b: Buffer): Promise<Uint8Array> {
  const [left, right] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  expect([left!.info.width, left!.info.height]).toEqual([right!.info.width, right!.info.height]);
  const pixels = new Uint8Array(left!.info.width * left!.info.height);
  for (let i = 0; i < pixels.length; i++) {
    for (let c = 0; c < 3; c++) pixels[i] = Math.max(pixels[i]!, Math.abs(left!.data[i * 3 + c]! - right!.data[i * 3 + c]!));
  }
  return pixels;
}

/** The share of pixels that differ visibly (more than WebP's own noise) between two images. */
const changedShare = async (a: Buffer, b: Buffer) => {
  const pixels = await difference(a, b);
  return pixels.filter((value) => value > 12).length / pixels.length;
};

let owner: { id: string; personalTeamId: string };
beforeEach(async () => {
  owner = await createUser({ email: `marks-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
});
afterEach(() => {
  delete process.env.WATERMARK_IMAGE_CACHE_MB;
  reloadConfig();
});

async function documentMarked(watermark: string | null, fields: Parameters<typeof createSampleDocument>[3] = { email_gate: false }) {
  const doc = await createSampleDocument(owner, "Marked pages", 2, fields);
  return db.document.update({ where: { id: doc.id }, data: { watermark } });
}

describe("a watermarked document's page images", () => {
  it("carry each reader's own email in the pixels: two readers' images differ, and both differ from the clean image", async () => {
    const doc = await documentMarked("Confidential · {email} · {date}", { email_gate: true, gate_type: "full" });
    const jane = new Reader();
    const joe = new Reader();
    await jane.passGate(doc, "jane@acme.com");
    await joe.passGate(doc, "joe@globex.io");
    const [janes, joes, clean] = [await jane.image(doc), await joe.image(doc), await cleanImage(doc)];

    expect(janes.etag).not.toBe(joes.etag);
    expect(janes.bytes.equals(joes.bytes)).toBe(false);
    // The mark covers the page in slanted rows: a good part of it, not a few stray pixels, is changed.
    expect(await changedShare(janes.bytes, clean)).toBeGreaterThan(0.02);
    expect(await changedShare(joes.bytes, clean)).toBeGreaterThan(0.02);
    expect(await changedShare(janes.bytes, joes.bytes)).toBeGreaterThan(0.01);
    // Each is the clean image with that reader's own text drawn in, and no other's.
    expect(janes.bytes.equals(await drawPageWatermark(clean, `Confidential · jane@acme.com · ${today()}`))).toBe(true);
    expect(joes.bytes.equals(await drawPageWatermark(clean, `Confidential · joe@globex.io · ${today()}`))).toBe(true);
  });

  it("are drawn once per reader's text: a repeat is the same image from the cache, and the reader's tag revalidates it", async () => {
    const doc = await documentMarked("Confidential · {ip}");
    const reader = new Reader();
    const before = await cacheEntries();
    const first = await reader.image(doc);
    const made = await cacheEntries();
    const repeat = await reader.image(doc);
    expect(repeat.bytes.equals(first.bytes)).toBe(true);
    expect(repeat.etag).toBe(first.etag);
    expect(made).toHaveLength(before.length + 1);
    expect(await cacheEntries()).toEqual(made);
    expect((await reader.page(doc, 1, { "if-none-match": first.etag })).status).toBe(304);
    // Another reader's tag does not revalidate this reader's image.
    expect((await new Reader().page(doc, 1, { "if-none-match": first.etag })).status).toBe(200);
  });

  it("keep the cache of marked images within WATERMARK_IMAGE_CACHE_MB, least recently served removed first", async () => {
    process.env.WATERMARK_IMAGE_CACHE_MB = "1";
    reloadConfig();
    const doc = await documentMarked("Confidential · {ip} · a reader's own address, drawn into every page they are shown");
    const readers = Array.from({ length: 24 }, () => new Reader());
    const sizes: number[] = [];
    for (const reader of readers) sizes.push((await reader.image(doc)).bytes.length);
    // Enough readers that their images together overflow the bound.
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(1024 * 1024);

    const { dir } = pageWatermarkCache();
    const names = await cacheEntries();
    const kept = await Promise.all(names.map(async (name) => (await stat(path.join(dir, name))).size));
    expect(kept.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(1024 * 1024);
    expect(names.length).toBeLessThan(readers.length);
    // The last reader's image, served last, is kept: asked again, it is read, not drawn and added.
    await readers.at(-1)!.image(doc);
    expect(await cacheEntries()).toEqual(names);
  });

  it("keep none when WATERMARK_IMAGE_CACHE_MB is 0, and are still marked", async () => {
    process.env.WATERMARK_IMAGE_CACHE_MB = "0";
    reloadConfig();
    const doc = await documentMarked("Confidential · {ip}");
    const { bytes } = await new Reader().image(doc);
    expect(await changedShare(bytes, await cleanImage(doc))).toBeGreaterThan(0.02);
    expect(await cacheEntries()).toEqual([]);
  });

  it("mark the thumbnail a reader may ask for too", async () => {
    const doc = await documentMarked("Confidential · {ip}");
    const { bytes } = await new Reader().image(doc, 1, "thumb");
    const clean = await buffer((await storage().get(pageFileKey(doc.storageKey, 1, "thumb")))!.body);
    expect(await changedShare(bytes, clean)).toBeGreaterThan(0.02);
  });
});

describe("an unwatermarked document's page images", () => {
  it("are the stored images byte for byte, with the tag they always had", async () => {
    const doc = await documentMarked(null);
    const before = await cacheEntries();
    const { bytes, etag } = await new Reader().image(doc);
    expect(bytes.equals(await cleanImage(doc))).toBe(true);
    expect(etag).toBe(`"${doc.id}-v${doc.version}-1-page"`);
    expect(await cacheEntries()).toEqual(before);
  });
});
