import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { convertedByLibreOffice, docx, docxLinkingImage, odp, odt, xlsx } from "@/test/support/office-files";
import { config, reloadConfig } from "../config";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import type { ApiError } from "../errors";
import { checkHealth } from "../health/check-health";
import { sharp } from "../sharp";
import { storage } from "../storage";
import { sourceKey } from "../storage/document-keys";
import { createUser } from "../users/create-user";
import { uploadVersion } from "../versions/upload-version";
import { sharedDocument } from "../links/shared-document";
import { resolveAccess } from "../viewer/grants/access";
import { downloadableFile } from "../viewer/files/downloadable-file";
import { createDocument } from "./create-document";

// Real LibreOffice conversions: a few seconds each on a shared machine.
const SLOW = 180_000;

const owner = () => createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

async function onDisk<T>(bytes: Buffer, withFile: (file: { path: string; size: number }) => Promise<T>): Promise<T> {
  const file = path.join(config().DATA_DIR, `office-${randomBytes(6).toString("hex")}.upload`);
  await writeFile(file, bytes);
  try {
    return await withFile({ path: file, size: bytes.length });
  } finally {
    await rm(file, { force: true });
  }
}

async function upload(user: { id: string; personalTeamId: string }, bytes: Buffer, filename: string) {
  return onDisk(bytes, (file) => createDocument({ teamId: user.personalTeamId, userId: user.id }, { ...file, filename }, {}));
}

const stored = async (key: string) => buffer((await storage().get(key))!.body);
const pdfText = async (bytes: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the upload to be refused");
    },
    (error: unknown) => error as ApiError,
  );

const withSettings = (settings: Record<string, string>) => {
  Object.assign(process.env, settings);
  reloadConfig();
};

afterEach(() => {
  for (const name of ["MAX_PAGES", "OFFICE_CONVERSION_TIMEOUT_SECONDS", "OFFICE_CONVERSION_QUEUE_LIMIT"]) delete process.env[name];
  reloadConfig();
});

let pptx: Buffer;
beforeAll(async () => {
  pptx = await convertedByLibreOffice(odp(4, "Deck slide"), "odp", "pptx");
}, SLOW);

describe("uploading office files and images", () => {
  it(
    "converts a .docx, .xlsx, .pptx, .odt, .csv and .png: the pages counted, the text kept, the original stored beside the PDF",
    async () => {
      const user = await owner();
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer();
      const cases: Array<[string, Buffer, number, string | null]> = [
        ["memo.docx", docx(3, "Memo page"), 3, "Memo page 3"],
        ["model.xlsx", xlsx(2, 5, "Tab"), 2, "Tab 2"],
        ["deck.pptx", pptx, 4, "Deck slide 4"],
        ["notes.odt", odt(2, "Notes page"), 2, "Notes page 2"],
        ["figures.csv", Buffer.from("Quarter,Revenue\nQ1,100\nQ2,120\n"), 1, "Revenue"],
        ["photo.png", png, 1, null],
      ];
      for (const [filename, bytes, pages, text] of cases) {
        const doc = await upload(user, bytes, filename);
        const kind = filename.split(".")[1]!;
        expect({ filename, pageCount: doc.pageCount, sourceType: doc.sourceType }).toEqual({
          filename,
          pageCount: pages,
          sourceType: kind,
        });
        expect(doc.originalFilename).toBe(filename);
        const pdf = await stored(doc.storageKey);
        expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
        expect((await PDFDocument.load(pdf)).getPageCount()).toBe(pages);
        if (text) expect(await pdfText(pdf)).toContain(text);
        expect((await stored(sourceKey(doc.storageKey, kind))).equals(bytes)).toBe(true);
        const version = await db.documentVersion.findFirstOrThrow({ where: { documentId: doc.id } });
        expect(version.sourceType).toBe(kind);
      }
    },
    SLOW,
  );

  it(
    "takes an office file as a new version, keeping its original in the version's folder",
    async () => {
      const user = await owner();
      const doc = await upload(user, docx(1, "First"), "memo.docx");
      const change = await onDisk(odt(2, "Second"), (file) =>
        uploadVersion({ teamId: user.personalTeamId, userId: user.id }, doc.code, { ...file, filename: "memo v2.odt" }),
      );
      const current = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
      expect(change.document.pageCount).toBe(2);
      expect(current.sourceType).toBe("odt");
      expect(current.originalFilename).toBe("memo v2.odt");
      expect(await pdfText(await stored(current.storageKey))).toContain("Second 2");
      expect((await stored(sourceKey(current.storageKey, "odt"))).equals(odt(2, "Second"))).toBe(true);
    },
    SLOW,
  );

  it(
    "gives readers the PDF by default, the original once the owner chooses it, and the PDF again under a watermark",
    async () => {
      const user = await owner();
      const bytes = docx(1, "Download");
      const doc = await upload(user, bytes, "memo.docx");
      const reader = {
        address: "198.51.100.9",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0",
        browserId: () => Promise.resolve(randomBytes(12).toString("base64url")),
        mayAddViewer: () => Promise.resolve(true),
      };
      const download = async () => {
        const shared = sharedDocument(await db.document.findUniqueOrThrow({ where: { id: doc.id } }), null);
        const file = await downloadableFile(shared, resolveAccess(shared, {}), reader);
        return { bytes: await buffer(file.body), extension: file.extension, contentType: file.contentType };
      };
      const set = (data: Partial<Document>) => db.document.update({ where: { id: doc.id }, data });
      await set({ emailGate: false });
      const pdf = await download();
      expect({ extension: pdf.extension, contentType: pdf.contentType, head: pdf.bytes.subarray(0, 5).toString() }).toEqual({
        extension: "pdf",
        contentType: "application/pdf",
        head: "%PDF-",
      });
      await set({ downloadOriginal: true });
      const original = await download();
      expect(original.extension).toBe("docx");
      expect(original.contentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
      expect(original.bytes.equals(bytes)).toBe(true);
      await set({ watermark: "Confidential {date}" });
      expect((await download()).extension).toBe("pdf");
    },
    SLOW,
  );

  it(
    "never fetches an image a file links by URL",
    async () => {
      const requests: string[] = [];
      const server = createServer((req, res) => {
        requests.push(req.url ?? "");
        res.writeHead(200, { "content-type": "image/png" }).end();
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const doc = await upload(await owner(), docxLinkingImage(`http://127.0.0.1:${port}/tracker.png`), "linked.docx");
        expect(doc.pageCount).toBe(1);
        expect(requests).toEqual([]);
      } finally {
        server.close();
      }
    },
    SLOW,
  );

  it(
    "refuses a file converting to more pages than MAX_PAGES, and leaves nothing behind",
    async () => {
      withSettings({ MAX_PAGES: "3" });
      const user = await owner();
      const refused = await refusal(upload(user, docx(5, "Long"), "long.docx"));
      expect(refused.status).toBe(400);
      expect(refused.message).toBe("The PDF has 5 pages; the limit is 3.");
      expect(await db.document.count({ where: { teamId: user.personalTeamId } })).toBe(0);
    },
    SLOW,
  );

  it(
    "stops a 1,000,000-row sheet at the time limit with a clear 400",
    async () => {
      withSettings({ OFFICE_CONVERSION_TIMEOUT_SECONDS: "8" });
      const huge = xlsx(1, 1_000_000, "Rows");
      const started = Date.now();
      const refused = await refusal(upload(await owner(), huge, "rows.xlsx"));
      expect(refused.status).toBe(400);
      expect(refused.message).toMatch(/took longer than 8 s to convert to PDF|converts to a PDF larger than|has \d+ pages; the limit is/);
      expect(Date.now() - started).toBeLessThan(40_000);
    },
    SLOW,
  );

  it(
    "answers the health check within 200 ms while a 100-slide deck converts, and a conversion past the queue gets 503",
    async () => {
      withSettings({ OFFICE_CONVERSION_QUEUE_LIMIT: "0" });
      const server = createServer((_req, res) => {
        void checkHealth().then((health) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(health)));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      const user = await owner();
      try {
        let converting = true;
        const deck = upload(user, odp(100, "Big deck slide"), "big.odp").finally(() => (converting = false));
        // The deck holds the one conversion slot: another office file waits for none and is turned away.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const turnedAway = await refusal(upload(user, docx(1, "Queued"), "queued.docx"));
        expect(turnedAway.status).toBe(503);
        const timings: number[] = [];
        while (converting) {
          const started = performance.now();
          const response = await fetch(`http://127.0.0.1:${port}/api/health`);
          expect(response.status).toBe(200);
          await response.text();
          timings.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect((await deck).pageCount).toBe(100);
        expect(timings.length).toBeGreaterThan(5);
        expect(Math.max(...timings)).toBeLessThan(200);
      } finally {
        server.close();
      }
    },
    SLOW,
  );
});
