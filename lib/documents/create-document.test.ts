import { randomBytes } from "node:crypto";
import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PDFDocument } from "pdf-lib";
import {
  CIPHERS,
  contentBomb,
  encryptedPdf,
  encryptPdf,
  garbageCiphertext,
  tamperEncrypted,
  truncated,
} from "@/test/support/encrypted-pdf";
import { heldInput } from "@/test/support/held-input";
import { compressionBomb, HOSTILE_PDFS, markerPage, markersIn } from "@/test/support/hostile-pdfs";
import { extractedPageText } from "@/test/support/pdf-page-text";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { legacyScryptHash } from "@/test/support/legacy-password-hash";
import { ApiError } from "../errors";
import { verifyPassword } from "../credentials/password-hash";
import { config, reloadConfig } from "../config";
import { db } from "../db/client";
import { storage } from "../storage";
import { PAGE_FILES_DRAWN_WITH_EVERY_PAGE, pageFileKey } from "../storage/document-keys";
import { createUser } from "../users/create-user";
import { pdfJobsInProgress } from "../pdf/run-pdf-job";
import { createDocument } from "./create-document";
import { previewPagesNeeded } from "../rules/gate";
import { updateDocument } from "./update-document";

const owner = () => createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

async function upload(ownerId: { id: string; personalTeamId: string }, bytes: Buffer, fields: Parameters<typeof createDocument>[2] = {}) {
  const file = path.join(config().DATA_DIR, `upload-${randomBytes(6).toString("hex")}.pdf`);
  await writeFile(file, bytes);
  try {
    return await createDocument(
      { teamId: ownerId.personalTeamId, userId: ownerId.id },
      { path: file, size: bytes.length, filename: "deck.pdf" },
      fields,
    );
  } finally {
    await rm(file, { force: true });
  }
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the upload to be refused");
    },
    (error: unknown) => error as ApiError,
  );

const storedPreview = async (key: string | null) => buffer((await storage().get(key!))!.body);

const withSettings = (settings: Record<string, string>) => {
  Object.assign(process.env, settings);
  reloadConfig();
};

afterEach(() => {
  for (const name of ["MAX_PAGES", "PDF_WORKER_MEMORY_MB", "PDF_WORKERS", "PDF_QUEUE_LIMIT"]) delete process.env[name];
  reloadConfig();
});

describe("uploading a PDF", () => {
  it("stores a preview of a hostile PDF that holds nothing from the gate onwards", async () => {
    const id = await owner();
    for (const build of Object.values(HOSTILE_PDFS)) {
      const doc = await upload(id, await build(), { gate_page: 3 });
      expect(doc.previewPageCount).toBe(2);
      const found = [...markersIn(await storedPreview(doc.previewStorageKey))];
      expect(found.filter((m) => markerPage(m) >= 3)).toEqual([]);
      expect(found).toContain("PWMARK-P2");
    }
  });

  it("refuses a compression bomb with 400, stores nothing, and keeps serving the next upload", async () => {
    // Above a worker's own footprint with PDFium loaded (~280 MB), far below what the bomb inflates to.
    withSettings({ PDF_WORKER_MEMORY_MB: "384" });
    const id = await owner();
    const error = await refusal(upload(id, await compressionBomb(768 * 1024 * 1024)));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/more than 384 MB of memory.*compression bomb/);
    expect(await db.document.count({ where: { teamId: id.personalTeamId } })).toBe(0);
    const next = await upload(id, await samplePdf(2));
    expect(next.pageCount).toBe(2);
  });

  it("refuses more pages than MAX_PAGES with 400", async () => {
    withSettings({ MAX_PAGES: "5" });
    const id = await owner();
    const error = await refusal(upload(id, await samplePdf(6)));
    expect([error.status, error.message]).toEqual([400, "The PDF has 6 pages; the limit is 5."]);
    expect((await upload(id, await samplePdf(5))).pageCount).toBe(5);
  });

  it("answers 503 with Retry-After when more PDFs wait than the queue holds", async () => {
    withSettings({ PDF_WORKERS: "2", PDF_QUEUE_LIMIT: "0" });
    const id = await owner();
    // Two uploads hold both workers until their files are written into the pipes they read (see heldInput).
    const holds = ["held-1", "held-2"].map((name) =>
      heldInput(path.join(config().DATA_DIR, `${name}-${randomBytes(4).toString("hex")}.pdf`), Buffer.alloc(0)),
    );
    const first = holds.map(({ input }) =>
      createDocument({ teamId: id.personalTeamId, userId: id.id }, { path: input, size: 0, filename: "held.pdf" }, {}).catch(
        (e: unknown) => e,
      ),
    );
    await vi.waitFor(() => expect(pdfJobsInProgress()).toBe(2), { interval: 1, timeout: 10_000 });
    const third = await refusal(upload(id, await samplePdf(3)));
    expect(third.status).toBe(503);
    expect(third.code).toBe("service_unavailable");
    expect(Number(third.headers["Retry-After"])).toBeGreaterThan(0);
    // Released (as empty files, which are refused), the held uploads free the workers for the next one.
    await Promise.all(holds.map((hold) => hold.release()));
    await Promise.all(first);
    await Promise.all(holds.map((hold) => rm(hold.input, { force: true })));
    expect((await upload(id, await samplePdf(3))).pageCount).toBe(3);
  });

  it("leaves no stored file behind when the upload is refused", async () => {
    const id = await owner();
    const stored = async () => (await storage().list("documents/")).map((object) => object.key).sort();
    const before = await stored();
    // Refused after the PDF worker answered (page 1's images were stored by then), and before.
    await refusal(upload(id, await samplePdf(2), { gate_page: 5 }));
    await refusal(upload(id, Buffer.from("%PDF-1.7 not really")));
    expect(await stored()).toEqual(before);
  });
});

describe("changing the gate", () => {
  it("rebuilds the preview, and concurrent changes leave the preview matching the stored settings", async () => {
    const id = await owner();
    const doc = await upload(id, await HOSTILE_PDFS["resources shared through the page tree"](), { gate_page: 4 });
    expect(doc.previewPageCount).toBe(3);
    const changes = [
      { gate_type: "full" },
      { gate_page: 2 },
      { gate_type: "preview" },
      { gate_page: 3 },
      { email_gate: false },
      { email_gate: true },
    ] as const;
    await Promise.all(changes.map((change) => updateDocument({ teamId: doc.teamId, userId: null }, doc, change)));
    const stored = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    // Whichever change came last, the stored preview is the one its settings need, and the only one.
    expect(stored.previewPageCount).toBe(previewPagesNeeded(stored));
    if (stored.previewStorageKey) {
      const preview = await storedPreview(stored.previewStorageKey);
      expect([...markersIn(preview)].filter((m) => markerPage(m) >= stored.gatePage)).toEqual([]);
    }
    const files = (await storage().list(`documents/${doc.id}/`)).map((object) => object.key);
    expect(files.sort()).toEqual(
      [
        stored.storageKey,
        ...PAGE_FILES_DRAWN_WITH_EVERY_PAGE.map((file) => pageFileKey(doc.storageKey, 1, file)),
        ...(stored.previewStorageKey ? [stored.previewStorageKey] : []),
      ].sort(),
    );
  });
});

describe("document passwords", () => {
  it("are stored as argon2id when set on upload or changed later; one set before argon2id still opens the document", async () => {
    const id = await owner();
    const doc = await upload(id, await samplePdf(2), { password: "board-q3" });
    expect(doc.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword("board-q3", doc.passwordHash)).toBe(true);

    const changed = await updateDocument({ teamId: doc.teamId, userId: null }, doc, { password: "board-q4" });
    expect(changed.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword("board-q3", changed.passwordHash)).toBe(false);
    expect(await verifyPassword("board-q4", changed.passwordHash)).toBe(true);

    const legacy = await db.document.update({ where: { id: doc.id }, data: { passwordHash: await legacyScryptHash("from 2025") } });
    expect(await verifyPassword("from 2025", legacy.passwordHash)).toBe(true);
    expect(await verifyPassword("from 2026", legacy.passwordHash)).toBe(false);
  });
});

describe("encrypted uploads", () => {
  const storedFiles = () => readdir(path.join(config().STORAGE_DIR, "documents"), { recursive: true }).catch(() => []);

  for (const [index, [cipherName, cipher]] of Object.entries(CIPHERS).entries()) {
    const objectStreams = index % 2 === 1;
    it(`keeps a decrypted copy of a file anyone can open, never the upload: ${cipherName}${objectStreams ? ", object streams" : ""}`, async () => {
      const id = await owner();
      const source = await samplePdf(4, "Owner password only");
      const encrypted = await encryptPdf(source, { cipher, objectStreams });
      const doc = await upload(id, encrypted, { gate_page: 2 });

      const original = await storedPreview(doc.storageKey);
      expect(original.equals(encrypted)).toBe(false);
      expect(original.toString("latin1")).not.toMatch(/\/Encrypt\b/);
      expect((await PDFDocument.load(original, { updateMetadata: false })).getPageCount()).toBe(4);
      expect(await extractedPageText(original)).toEqual(await extractedPageText(source));
      expect([doc.pageCount, doc.originalFilename, doc.sizeBytes]).toEqual([4, "deck.pdf", BigInt(original.length)]);
      const event = await db.event.findFirstOrThrow({ where: { documentId: doc.id, type: "document.uploaded" } });
      expect((event.payload as { data: { upload: { size_bytes: number } } }).data.upload.size_bytes).toBe(original.length);

      expect(doc.previewPageCount).toBe(1);
      const preview = await storedPreview(doc.previewStorageKey);
      expect(await extractedPageText(preview)).toEqual((await extractedPageText(source)).slice(0, 1));
    });
  }

  it("refuses a file that needs a password to open with 400 and the same message as before, storing nothing", async () => {
    const id = await owner();
    const before = await storedFiles();
    for (const file of [
      await encryptPdf(await samplePdf(2), { cipher: "AES-256", objectStreams: true, userPassword: "let me in" }),
      await encryptPdf(await samplePdf(2), { cipher: "RC4-128", objectStreams: false, userPassword: "let me in" }),
      await encryptedPdf(),
    ]) {
      const error = await refusal(upload(id, file));
      expect([error.status, error.code, error.message]).toEqual([
        400,
        "bad_request",
        "The PDF is encrypted or password-protected. Upload an unprotected PDF.",
      ]);
    }
    expect(await db.document.count({ where: { teamId: id.personalTeamId } })).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  // Four files through the PDF worker one after another, one of them a 96 MB inflate: 11 s on an idle CI, 30+ under load.
  it("refuses hostile encrypted files with 400, storing nothing", async () => {
    const id = await owner();
    const before = await storedFiles();
    const ownerOnly = await encryptPdf(await samplePdf(3), { cipher: "AES-128", objectStreams: false });
    const rc4 = await encryptPdf(await samplePdf(3), { cipher: "RC4-128", objectStreams: false });
    const aes256 = await encryptPdf(await samplePdf(3), { cipher: "AES-256", objectStreams: false });
    const hostile: Record<string, [Buffer, RegExp]> = {
      "ciphertext that decrypts to garbage": [await tamperEncrypted(ownerOnly, garbageCiphertext), /could not be read/],
      "an /O string cut short": [await tamperEncrypted(rc4, truncated("O", 16)), /password-protected/],
      "a /U string cut short": [await tamperEncrypted(aes256, truncated("U", 20)), /password-protected/],
      "a compression bomb in an encrypted content stream": [
        await encryptPdf(await contentBomb(3, 96 * 1024 * 1024), {
          cipher: "AES-256",
          objectStreams: false,
        }),
        /could not be previewed: A content stream inflates past 64 MB/,
      ],
    };
    for (const [name, [file, message]] of Object.entries(hostile)) {
      const error = await refusal(upload(id, file, { gate_page: 2 }));
      expect([error.status, error.code], name).toEqual([400, "bad_request"]);
      expect(error.message, name).toMatch(message);
    }
    expect(await db.document.count({ where: { teamId: id.personalTeamId } })).toBe(0);
    expect(await storedFiles()).toEqual(before);
  }, 90_000);
});
