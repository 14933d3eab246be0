import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { samplePdf } from "@/scripts/lib/sample-pdf";
import { reloadConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import type { Document } from "@/lib/generated/prisma/client";
import { pdfJobsStarted } from "@/lib/pdf/run-pdf-job";
import { CLIENT_ADDRESS_HEADER, stampFor } from "@/lib/request/client-address";
import { storage } from "@/lib/storage";
import { UNDRAWABLE_PAGE_HEADER } from "@/lib/viewer/files/reader-headers";
import { createDocument } from "@/lib/documents/create-document";
import { ownerAccess } from "@/test/support/fixtures";
import { holdPublicLane } from "@/test/support/held-input";
import { scanGreys } from "@/test/support/scan-greys";
import { firstUpload, newVersion, onDisk, type Owner, versionsOwner } from "@/test/support/versions";
import { hostileJbig2Pdf, scannedPdf } from "@/test/support/viewer-fidelity-pdfs";
import * as imageRoute from "@/app/s/[code]/pages/[page]/route";
import * as layersRoute from "@/app/s/[code]/pages/[page]/layers/route";

// No grants are held here: the documents have no gate, which needs no cookie.
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined }),
  headers: async () => new Headers(),
}));

type Handler = (req: Request, context: { params: Promise<{ code: string; page: string }> }) => Promise<Response>;

/** A reader's browser asking for a page's image at `width` (or its layers), from its own address. */
function ask(doc: Pick<Document, "code" | "version">, page: number, width: "640" | "1280" | "2048" | "thumb" | "layers", address: string) {
  const handler: Handler = width === "layers" ? layersRoute.GET : imageRoute.GET;
  const query = width === "layers" ? `?version=${doc.version}` : `?version=${doc.version}&w=${width}`;
  const req = new Request(`http://localhost:3000/s/${doc.code}/pages/${page}${width === "layers" ? "/layers" : ""}${query}`, {
    headers: { [CLIENT_ADDRESS_HEADER]: stampFor(address) },
  });
  return handler(req, { params: Promise.resolve({ code: doc.code, page: String(page) }) });
}

const newAddress = () => `203.0.113.${randomBytes(4).toString("hex")}`;
const row = (id: string) => db.document.findUniqueOrThrow({ where: { id } });

/** Three pages, no gate; only page 1 is drawn at upload (no background renderer runs in tests). Then its stored original is damaged. */
async function damagedDocument() {
  const owner = await versionsOwner();
  const doc = await firstUpload(owner, 3, { email_gate: false });
  const damaged = Buffer.from("%PDF-1.7 this is not a PDF any more");
  await storage().put(doc.storageKey, damaged, damaged.length);
  return { owner, doc };
}

async function expectUndrawable(response: Response) {
  expect([response.status, response.headers.get(UNDRAWABLE_PAGE_HEADER), response.headers.get("cache-control")]).toEqual([
    404,
    "true",
    "no-store",
  ]);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
}

describe("a page the PDF worker cannot draw", () => {
  it("is refused at once, marked undrawable, on every later request for it (any width, its layers, any reader), without the worker, until a new version is current", async () => {
    const { owner, doc } = await damagedDocument();
    const before = pdfJobsStarted("render");

    await expectUndrawable(await ask(doc, 2, "1280", newAddress()));
    expect(pdfJobsStarted("render") - before).toBe(1);
    expect((await row(doc.id)).undrawablePages).toEqual([2]);

    for (const width of ["1280", "640", "2048", "thumb", "layers"] as const) {
      await expectUndrawable(await ask(doc, 2, width, newAddress()));
    }
    expect(pdfJobsStarted("render") - before).toBe(1);
    // What was drawn before the damage is still served; another page is still tried.
    expect((await ask(doc, 1, "1280", newAddress())).status).toBe(200);
    await expectUndrawable(await ask(doc, 3, "640", newAddress()));
    expect(pdfJobsStarted("render") - before).toBe(2);

    await newVersion(owner, doc.code, await samplePdf(3, "Second"));
    const current = await row(doc.id);
    expect([current.version, current.undrawablePages]).toEqual([2, []]);
    const drawn = await ask(current, 2, "1280", newAddress());
    expect([drawn.status, drawn.headers.get("content-type")]).toEqual([200, "image/webp"]);
  });

  it("is not remembered while the readers' worker is too busy to try it: that answer is 503, and the next request asks the worker", async () => {
    const { doc } = await damagedDocument();
    process.env.PDF_PUBLIC_QUEUE_LIMIT = "0";
    reloadConfig();
    let release: (() => Promise<void>) | null = null;
    try {
      release = await holdPublicLane();
      const before = pdfJobsStarted("render");

      const busy = await ask(doc, 2, "1280", newAddress());
      expect([busy.status, busy.headers.has(UNDRAWABLE_PAGE_HEADER), Number(busy.headers.get("retry-after")) > 0]).toEqual([
        503,
        false,
        true,
      ]);
      expect([(await row(doc.id)).undrawablePages, pdfJobsStarted("render") - before]).toEqual([[], 0]);

      await release();
      release = null;
      await expectUndrawable(await ask(doc, 2, "1280", newAddress()));
      expect(pdfJobsStarted("render") - before).toBe(1);
    } finally {
      await release?.();
      delete process.env.PDF_PUBLIC_QUEUE_LIMIT;
      reloadConfig();
    }
  });
});

/** A document of `bytes` whose readers may not download the file: the server's images are all they get. */
const viewOnly = (owner: Owner, bytes: Buffer) =>
  onDisk(bytes, (file) => createDocument(ownerAccess(owner), file, { email_gate: false, allow_download: false }));

describe("a scanned page in JBIG2 (which PDFium draws blank), downloads off", () => {
  it("is drawn by the server, at upload and on request: the scan's black block dark where it stands, the paper white", async () => {
    const doc = await viewOnly(await versionsOwner(), await scannedPdf("JBIG2"));
    for (const width of ["1280", "2048"] as const) {
      const response = await ask(doc, 1, width, newAddress());
      expect([response.status, response.headers.get("content-type")], width).toEqual([200, "image/webp"]);
      const greys = await scanGreys(Buffer.from(await response.arrayBuffer()));
      expect(greys.block, width).toBeLessThan(40);
      expect(Math.min(greys.below, greys.left), width).toBeGreaterThan(230);
    }
    expect((await ask(doc, 1, "layers", newAddress())).status).toBe(200);
    expect((await row(doc.id)).undrawablePages).toEqual([]);
  });

  it("a hostile one (a bomb) is refused as undrawable and remembered; the honest scan before it is served", async () => {
    const doc = await viewOnly(await versionsOwner(), await hostileJbig2Pdf("bomb"));
    await expectUndrawable(await ask(doc, 2, "1280", newAddress()));
    expect((await row(doc.id)).undrawablePages).toEqual([2]);
    expect((await ask(doc, 1, "1280", newAddress())).status).toBe(200);
  });
});
