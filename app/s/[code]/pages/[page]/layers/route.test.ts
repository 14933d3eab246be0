import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { db } from "@/lib/db/client";
import { CLIENT_ADDRESS_HEADER, stampFor } from "@/lib/request/client-address";
import { storage } from "@/lib/storage";
import { pageFileKey } from "@/lib/storage/document-keys";
import { createUser } from "@/lib/users/create-user";
import * as imageRoute from "@/app/s/[code]/pages/[page]/route";
import * as layersRoute from "@/app/s/[code]/pages/[page]/layers/route";

// No grants are held here: the reader is before the gate, which needs no cookie.
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined }),
  headers: async () => new Headers(),
}));

type Handler = (req: Request, context: { params: Promise<{ code: string; page: string }> }) => Promise<Response>;

const address = `203.0.113.${randomBytes(4).toString("hex")}`;
function get(handler: Handler, code: string, page: string, query = "") {
  const req = new Request(`http://localhost:3000/s/${code}/pages/${page}${handler === layersRoute.GET ? "/layers" : ""}${query}`, {
    headers: { [CLIENT_ADDRESS_HEADER]: stampFor(address) },
  });
  return handler(req, { params: Promise.resolve({ code, page }) });
}

/** Five pages behind a gate at page 3: a reader before it may read pages 1 and 2; only page 1 is drawn at upload. */
async function gatedDocument() {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  return createSampleDocument(owner, "Layers", 5, { email_gate: true, gate_type: "preview", gate_page: 3 });
}

describe("a page's images and layers for a reader", () => {
  it("serves page 1's layers as JSON of the page's text, privately cached and revalidated", async () => {
    const doc = await gatedDocument();
    const response = await get(layersRoute.GET, doc.code, "1", `?version=${doc.version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const layers = (await response.json()) as {
      page: number;
      width: number;
      height: number;
      text: Array<{ str: string }>;
      links: unknown[];
    };
    expect([layers.page, layers.width > 0, layers.height > 0]).toEqual([1, true, true]);
    expect(layers.text.length).toBeGreaterThan(0);
    const etag = response.headers.get("etag")!;
    const again = await layersRoute.GET(
      new Request(`http://localhost:3000/s/${doc.code}/pages/1/layers`, {
        headers: { [CLIENT_ADDRESS_HEADER]: stampFor(address), "if-none-match": etag },
      }),
      { params: Promise.resolve({ code: doc.code, page: "1" }) },
    );
    expect(again.status).toBe(304);
  });

  it("draws a page not drawn yet when a reader asks for it, at each width, and its layers", async () => {
    const doc = await gatedDocument();
    expect(await storage().exists(pageFileKey(doc.storageKey, 2, "page"))).toBe(false);
    const widths: Array<[string, number]> = [
      ["640", 640],
      ["", 1280],
      ["1280", 1280],
      ["2048", 2048],
      ["3072", 3072],
      ["thumb", 320],
    ];
    for (const [w, width] of widths) {
      const response = await get(imageRoute.GET, doc.code, "2", w ? `?w=${w}` : "");
      expect(response.status, `w=${w}`).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width, `w=${w}`).toBe(width);
    }
    expect((await get(layersRoute.GET, doc.code, "2")).status).toBe(200);
    expect((await get(imageRoute.GET, doc.code, "2", "?w=999")).status).toBe(400);
  });

  it("never serves or draws a page past the gate, and answers 410 for another version", async () => {
    const doc = await gatedDocument();
    for (const handler of [layersRoute.GET, imageRoute.GET]) {
      const refused = await get(handler, doc.code, "3");
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
      expect((await get(handler, doc.code, "6")).status).toBe(404);
      expect((await get(handler, doc.code, "1", `?version=${doc.version + 1}`)).status).toBe(410);
    }
    for (const file of ["page", "layers", "w2048"] as const)
      expect(await storage().exists(pageFileKey(doc.storageKey, 3, file))).toBe(false);
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).pageImages).toBe(1);
  });
});
