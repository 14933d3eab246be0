import { randomBytes } from "node:crypto";
import { PAGE_FILES_DRAWN_WITH_EVERY_PAGE, pageFileKey, sourceKey } from "../storage/document-keys";
import { docx } from "../../test/support/office-files";
import { UTApi, UTFile } from "uploadthing/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { encryptPdf } from "../../test/support/encrypted-pdf";
import { extractedPageText } from "../../test/support/pdf-page-text";
import { type UploadThingStandIn, startUploadThingStandIn } from "../../test/support/uploadthing-standin";
import { reloadConfig } from "../config";
import { verifyPassword } from "../credentials/password-hash";
import { db } from "../db/client";
import { ApiError } from "../errors";
import { sweepOrphanedObjects } from "../storage/sweep-orphans";
import { UploadThingStorage } from "../storage/uploadthing-storage";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import {
  type DirectUploadOutcome,
  MAX_OPEN_DIRECT_UPLOADS,
  OPEN_SLOTS_RETRY_AFTER_SECONDS,
  completeDirectUpload,
  openDirectUpload,
} from "./direct-upload";

let uploadthing: UploadThingStandIn;
let browser: UTApi;

beforeAll(async () => {
  uploadthing = await startUploadThingStandIn();
  Object.assign(process.env, uploadthing.env);
  reloadConfig();
  browser = new UTApi({ token: uploadthing.env.UPLOADTHING_TOKEN, apiUrl: uploadthing.url, ingestUrl: uploadthing.url, logLevel: "Error" });
});

afterEach(() => {
  vi.restoreAllMocks();
  setClockOffset(0);
  delete process.env.MAX_UPLOAD_MB;
  delete process.env.MAX_PAGES;
  reloadConfig();
});

afterAll(async () => {
  for (const name of Object.keys(uploadthing.env)) delete process.env[name];
  reloadConfig();
  await uploadthing.close();
});

const owner = async () => {
  const user = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  return { teamId: user.personalTeamId, userId: user.id };
};

/** What the browser does with the slot it was given: the file goes to UploadThing under the document's key. */
async function browserStores(storageKey: string, bytes: Buffer) {
  const result = await browser.uploadFiles(
    new UTFile([new Uint8Array(bytes)], "deck.pdf", { customId: UploadThingStorage.customId(storageKey) }),
  );
  expect(result.error).toBeNull();
}

const storedKeys = () => [...uploadthing.files.values()].map((file) => UploadThingStorage.keyOf(file.customId ?? ""));

describe("a direct upload to UploadThing", () => {
  it("becomes a document once UploadThing has the file: inspected, previewed, recorded with its event", async () => {
    const ownerId = await owner();
    const pdf = await samplePdf(6);
    const slot = await openDirectUpload(
      ownerId,
      { name: "Board deck.pdf", size: pdf.length },
      { title: "Board deck", password: "open sesame", gate_page: 3 },
    );

    const pending = await db.pendingUpload.findUniqueOrThrow({ where: { id: slot.id } });
    expect(JSON.stringify(pending.fields)).not.toContain("open sesame");
    expect(await verifyPassword("open sesame", pending.passwordHash!)).toBe(true);

    await browserStores(slot.storageKey, pdf);
    const outcome = await completeDirectUpload(slot.id, slot.storageKey);
    expect(outcome.ok).toBe(true);
    const doc = await db.document.findUniqueOrThrow({ where: { id: slot.id } });
    expect([doc.title, doc.pageCount, doc.gatePage, doc.originalFilename, doc.storageKey]).toEqual([
      "Board deck",
      6,
      3,
      "Board deck.pdf",
      slot.storageKey,
    ]);
    expect(await verifyPassword("open sesame", doc.passwordHash!)).toBe(true);
    expect(doc.previewStorageKey).toMatch(/^documents\/.+\/preview-2p-/);
    expect(storedKeys().sort()).toEqual(
      [
        slot.storageKey,
        doc.previewStorageKey,
        ...PAGE_FILES_DRAWN_WITH_EVERY_PAGE.map((file) => pageFileKey(doc.storageKey, 1, file)),
      ].sort(),
    );
    expect(await db.event.count({ where: { documentId: doc.id, type: "document.uploaded" } })).toBe(1);
    expect(await db.pendingUpload.count({ where: { id: slot.id } })).toBe(0);

    const again = await completeDirectUpload(slot.id, slot.storageKey);
    expect(again.ok && again.document.id).toBe(doc.id);
    expect(storedKeys()).toContain(slot.storageKey);
  });

  it("replaces a stored file that is encrypted yet opens without a password by its decrypted copy", async () => {
    const ownerId = await owner();
    const source = await samplePdf(3, "Owner password only");
    const encrypted = await encryptPdf(source, { cipher: "AES-256", objectStreams: true });
    const slot = await openDirectUpload(ownerId, { name: "Locked deck.pdf", size: encrypted.length }, { gate_page: 2 });
    await browserStores(slot.storageKey, encrypted);

    const outcome = await completeDirectUpload(slot.id, slot.storageKey);
    expect(outcome.ok).toBe(true);
    const doc = await db.document.findUniqueOrThrow({ where: { id: slot.id } });
    const stored = [...uploadthing.files.values()].filter((file) => file.customId === UploadThingStorage.customId(slot.storageKey));
    expect(stored).toHaveLength(1);
    const original = stored[0]!.bytes;
    expect(original.toString("latin1")).not.toMatch(/\/Encrypt\b/);
    expect(await extractedPageText(original)).toEqual(await extractedPageText(source));
    expect([doc.originalFilename, doc.pageCount, doc.sizeBytes]).toEqual(["Locked deck.pdf", 3, BigInt(original.length)]);
    expect(
      storedKeys()
        .filter((key) => key.startsWith(`documents/${doc.id}/`) && !key.includes("/pages/"))
        .sort(),
    ).toEqual([slot.storageKey, doc.previewStorageKey].sort());
  });

  it("converts an office file UploadThing holds: the PDF replaces it under the document's key, the file kept as its source", async () => {
    const ownerId = await owner();
    const memo = docx(2, "Direct memo");
    const slot = await openDirectUpload(ownerId, { name: "Memo.docx", size: memo.length }, { email_gate: false });
    await browserStores(slot.storageKey, memo);

    const outcome = await completeDirectUpload(slot.id, slot.storageKey);
    expect(outcome.ok).toBe(true);
    const doc = await db.document.findUniqueOrThrow({ where: { id: slot.id } });
    expect([doc.originalFilename, doc.pageCount, doc.sourceType]).toEqual(["Memo.docx", 2, "docx"]);
    const byKey = (key: string) =>
      [...uploadthing.files.values()].find((file) => file.customId === UploadThingStorage.customId(key))!.bytes;
    expect(byKey(slot.storageKey).subarray(0, 5).toString()).toBe("%PDF-");
    expect(byKey(sourceKey(slot.storageKey, "docx")).equals(memo)).toBe(true);
  }, 120_000);

  it("deletes a file that needs a password from UploadThing and says why", async () => {
    const ownerId = await owner();
    const locked = await encryptPdf(await samplePdf(2), { cipher: "AES-128", objectStreams: false, userPassword: "let me in" });
    const slot = await openDirectUpload(ownerId, { name: "locked.pdf", size: locked.length }, {});
    await browserStores(slot.storageKey, locked);
    expect(await completeDirectUpload(slot.id, slot.storageKey)).toEqual({
      ok: false,
      error: { code: "bad_request", message: "The PDF is encrypted or password-protected. Upload an unprotected PDF." },
    });
    expect(storedKeys()).not.toContain(slot.storageKey);
    expect(await db.document.count({ where: { teamId: ownerId.teamId } })).toBe(0);
  });

  it("deletes a file that fails inspection from UploadThing and says why", async () => {
    const ownerId = await owner();
    const junk = Buffer.from("%PDF-1.7\nthis is not really a PDF\n%%EOF\n");
    const slot = await openDirectUpload(ownerId, { name: "junk.pdf", size: junk.length }, {});
    await browserStores(slot.storageKey, junk);

    const outcome = await completeDirectUpload(slot.id, slot.storageKey);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.code).toBe("bad_request");
    expect(storedKeys()).not.toContain(slot.storageKey);
    expect(await db.document.count({ where: { teamId: ownerId.teamId } })).toBe(0);
    expect(await db.pendingUpload.count({ where: { ownerId: ownerId.userId } })).toBe(0);
  });

  it("refuses more pages than MAX_PAGES after the upload, deleting the file", async () => {
    process.env.MAX_PAGES = "3";
    reloadConfig();
    const ownerId = await owner();
    const pdf = await samplePdf(4);
    const slot = await openDirectUpload(ownerId, { name: "long.pdf", size: pdf.length }, {});
    await browserStores(slot.storageKey, pdf);
    const outcome = await completeDirectUpload(slot.id, slot.storageKey);
    expect(outcome).toEqual({ ok: false, error: { code: "bad_request", message: "The PDF has 4 pages; the limit is 3." } });
    expect(storedKeys()).not.toContain(slot.storageKey);
  });

  it("refuses a file over MAX_UPLOAD_MB before handing out a slot, and again when the stored file is larger than declared", async () => {
    process.env.MAX_UPLOAD_MB = "1";
    reloadConfig();
    const ownerId = await owner();
    const error = await openDirectUpload(ownerId, { name: "big.pdf", size: 2 * 1024 * 1024 }, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect(await db.pendingUpload.count({ where: { ownerId: ownerId.userId } })).toBe(0);

    const slot = await openDirectUpload(ownerId, { name: "liar.pdf", size: 1000 }, {});
    await browserStores(slot.storageKey, Buffer.concat([await samplePdf(1), Buffer.alloc(1024 * 1024 + 1)]));
    const outcome = await completeDirectUpload(slot.id, slot.storageKey);
    expect(!outcome.ok && outcome.error.code).toBe("payload_too_large");
    expect(storedKeys()).not.toContain(slot.storageKey);
  });

  it("leaves the file alone when a repeated callback arrives while the first is still making the document", async () => {
    const ownerId = await owner();
    const pdf = await samplePdf(3);
    const slot = await openDirectUpload(ownerId, { name: "twice.pdf", size: pdf.length }, {});
    await browserStores(slot.storageKey, pdf);
    await db.pendingUpload.update({ where: { id: slot.id }, data: { claimedAt: new Date() } });
    expect(await completeDirectUpload(slot.id, slot.storageKey)).toEqual({
      ok: false,
      error: { code: "bad_request", message: "This upload is still being processed." },
    });
    expect(storedKeys()).toContain(slot.storageKey);
    expect(await db.pendingUpload.count({ where: { id: slot.id } })).toBe(1);
  });

  it("makes one document from two simultaneous callbacks, and keeps its file", async () => {
    const ownerId = await owner();
    const pdf = await samplePdf(3);
    const slot = await openDirectUpload(ownerId, { name: "twice.pdf", size: pdf.length }, {});
    await browserStores(slot.storageKey, pdf);
    const outcomes = await Promise.all([completeDirectUpload(slot.id, slot.storageKey), completeDirectUpload(slot.id, slot.storageKey)]);
    expect(outcomes.some((outcome) => outcome.ok)).toBe(true);
    expect(await db.document.count({ where: { id: slot.id } })).toBe(1);
    expect(storedKeys()).toContain(slot.storageKey);
  });

  it("deletes a file stored under a slot that was never handed out", async () => {
    const key = `documents/${crypto.randomUUID()}/original.pdf`;
    await browserStores(key, await samplePdf(1));
    const outcome = await completeDirectUpload(key.split("/")[1]!, key);
    expect(!outcome.ok && outcome.error.code).toBe("not_found");
    expect(storedKeys()).not.toContain(key);
  });

  it("forgets a slot whose callback never came, and the file stored under it, once the grace period is over", async () => {
    const ownerId = await owner();
    const pdf = await samplePdf(1);
    const slot = await openDirectUpload(ownerId, { name: "lost.pdf", size: pdf.length }, {});
    await browserStores(slot.storageKey, pdf);

    expect(await sweepOrphanedObjects(3_600_000)).not.toContain(slot.storageKey);
    expect(await db.pendingUpload.count({ where: { id: slot.id } })).toBe(1);

    setClockOffset(2 * 3_600_000);
    expect(await sweepOrphanedObjects(3_600_000)).toContain(slot.storageKey);
    expect(await db.pendingUpload.count({ where: { id: slot.id } })).toBe(0);
    expect(storedKeys()).not.toContain(slot.storageKey);
  });

  it("holds at most 20 open slots per owner (others are not affected); a finished upload frees one", async () => {
    const ownerId = await owner();
    const slots = [];
    for (let i = 0; i < MAX_OPEN_DIRECT_UPLOADS; i++)
      slots.push(await openDirectUpload(ownerId, { name: `deck-${i}.pdf`, size: 1000 }, {}));
    const refused = await openDirectUpload(ownerId, { name: "one-more.pdf", size: 1000 }, {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect([(refused as ApiError).status, (refused as ApiError).message]).toEqual([
      429,
      "You have 20 uploads in progress. Wait for them to finish, then try again.",
    ]);
    expect(await db.pendingUpload.count({ where: { ownerId: ownerId.userId } })).toBe(MAX_OPEN_DIRECT_UPLOADS);

    const anotherOwner = await openDirectUpload(await owner(), { name: "another owner.pdf", size: 1000 }, {});
    expect(anotherOwner.storageKey).toBe(`documents/${anotherOwner.id}/original.pdf`);

    const pdf = await samplePdf(1);
    await browserStores(slots[0]!.storageKey, pdf);
    await completeDirectUpload(slots[0]!.id, slots[0]!.storageKey);
    expect((await openDirectUpload(ownerId, { name: "now it fits.pdf", size: 1000 }, {})).id).toBeTruthy();
  });

  it("holds exactly 20 open slots when 60 requests of one owner arrive at once, with or without a password", async () => {
    const ownerId = await owner();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        openDirectUpload(ownerId, { name: `deck-${i}.pdf`, size: 1000 }, i % 10 === 0 ? { password: "open sesame" } : {}),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(MAX_OPEN_DIRECT_UPLOADS);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as ApiError] : []));
    expect(refusals).toHaveLength(60 - MAX_OPEN_DIRECT_UPLOADS);
    for (const refusal of refusals) {
      expect([refusal.status, refusal.code, refusal.headers["Retry-After"]]).toEqual([
        429,
        "rate_limited",
        String(OPEN_SLOTS_RETRY_AFTER_SECONDS),
      ]);
    }
    expect(await db.pendingUpload.count({ where: { ownerId: ownerId.userId } })).toBe(MAX_OPEN_DIRECT_UPLOADS);
  });

  it("never deletes a live document's file when a repeated callback looks between the first callback's commit", async () => {
    const ownerId = await owner();
    const pdf = await samplePdf(3);
    const slot = await openDirectUpload(ownerId, { name: "race.pdf", size: pdf.length }, {});
    await browserStores(slot.storageKey, pdf);

    // The interleaving UploadThing's retry can produce: the first callback claims the upload; the
    // repeated one fails to claim, looks for the document (not made yet), then the first commits
    // (document made, pending row gone), then the repeated one looks for the pending row.
    const callbacks: { first?: Promise<DirectUploadOutcome>; second?: Promise<DirectUploadOutcome> } = {};
    const findUniqueOrThrow = db.pendingUpload.findUniqueOrThrow;
    vi.spyOn(db.pendingUpload, "findUniqueOrThrow").mockImplementation(((args: never) => {
      // Called by the first callback right after its claim: the repeated callback arrives now.
      callbacks.second ??= completeDirectUpload(slot.id, slot.storageKey);
      return findUniqueOrThrow(args);
    }) as never);
    const findFirst = db.document.findFirst;
    vi.spyOn(db.document, "findFirst").mockImplementation((async (args: never) => {
      const found = await findFirst(args);
      await callbacks.first; // the first callback commits between the repeated one's two reads
      return found;
    }) as never);

    callbacks.first = completeDirectUpload(slot.id, slot.storageKey);
    expect((await callbacks.first).ok).toBe(true);
    await callbacks.second;

    expect(await db.document.count({ where: { id: slot.id } })).toBe(1);
    expect(storedKeys()).toContain(slot.storageKey);
  });
});
