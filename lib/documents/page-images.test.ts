import { createHash, randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import { pdfJobsStarted } from "../pdf/run-pdf-job";
import { storage } from "../storage";
import { pageFileKey } from "../storage/document-keys";
import { sweepOrphanedObjects } from "../storage/sweep-orphans";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { ownerAccess } from "../../test/support/fixtures";
import { deleteDocument } from "./delete-document";
import { pageImagesOf, readOwnedPageImage, readPageImage } from "./page-images";
import { MAX_BYTES_FOR_IMAGES_BEFORE_ANSWER, PAGES_PER_RENDER_JOB, renderPageImages, startPageImageRenderer } from "./render-page-images";

const owner = () => createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
const row = (id: string) => db.document.findUniqueOrThrow({ where: { id } });
const imageBytes = async (key: string) => buffer((await storage().get(key))!.body);

afterEach(() => setClockOffset(0));

describe("page images at upload and after it", () => {
  it("answers an upload with page 1 drawn (a 1280 px WebP and a 320 px thumbnail) and leaves the rest to the background", async () => {
    const user = await owner();
    const doc = await createSampleDocument(user, "Images", 3, { email_gate: false });
    expect(pageImagesOf(doc)).toEqual({ pages: 1, complete: false, stopped: false });
    const page = await sharp(await imageBytes(pageFileKey(doc.storageKey, 1, "page"))).metadata();
    const thumb = await sharp(await imageBytes(pageFileKey(doc.storageKey, 1, "thumb"))).metadata();
    expect([page.format, page.width, page.height]).toEqual(["webp", 1280, Math.round(1280 * doc.firstPageAspect!)]);
    expect([thumb.format, thumb.width]).toEqual(["webp", 320]);
    expect(await storage().exists(pageFileKey(doc.storageKey, 2, "page"))).toBe(false);
    expect(await readPageImage(doc, 2, "page")).toBeNull();
  });

  it("leaves page 1 of a large upload to the background too, which draws it first", async () => {
    const user = await owner();
    const paddingKiB = MAX_BYTES_FOR_IMAGES_BEFORE_ANSWER / 1024 / 2 + 1;
    const doc = await createSampleDocument(user, "Large", 2, { email_gate: false }, { paddingKiBPerPage: paddingKiB });
    expect(Number(doc.sizeBytes)).toBeGreaterThan(MAX_BYTES_FOR_IMAGES_BEFORE_ANSWER);
    expect(pageImagesOf(doc).pages).toBe(0);
    expect(await storage().exists(pageFileKey(doc.storageKey, 1, "page"))).toBe(false);
    expect((await renderPageImages(doc.id)).pages.map((page) => page.page)).toEqual([1, 2]);
  });

  it("renders every remaining page in jobs of a few pages, counting each job's pages once they are stored", async () => {
    const user = await owner();
    const pages = PAGES_PER_RENDER_JOB + 3;
    const doc = await createSampleDocument(user, "Background", pages, { email_gate: false });
    const jobsBefore = pdfJobsStarted("render");

    const progress = await renderPageImages(doc.id);

    expect(progress.stoppedAt).toBeNull();
    expect(progress.pages.map((page) => page.page)).toEqual(Array.from({ length: pages - 1 }, (_, i) => i + 2));
    for (const page of progress.pages) {
      expect(page.ms).toBeGreaterThan(0);
      expect(page.files.page).toBeGreaterThan(page.files.w640!);
      expect(page.files.w640).toBeGreaterThan(page.files.thumb!);
    }
    expect(pdfJobsStarted("render") - jobsBefore).toBe(2);
    expect(pageImagesOf(await row(doc.id))).toEqual({ pages, complete: true, stopped: false });
    // Each page is its own drawing, not one image stored many times.
    const digests = new Set<string>();
    for (let page = 1; page <= pages; page++) {
      digests.add(
        createHash("sha256")
          .update(await imageBytes(pageFileKey(doc.storageKey, page, "page")))
          .digest("hex"),
      );
    }
    expect(digests.size).toBe(pages);
    // Done is done: another call starts no job.
    await renderPageImages(doc.id);
    expect(pdfJobsStarted("render") - jobsBefore).toBe(2);
  });

  it("stops a document for good at a page that cannot be drawn, with no retry, and keeps the pages already drawn", async () => {
    const user = await owner();
    const doc = await createSampleDocument(user, "Broken later", 4, { email_gate: false });
    // The stored original became unreadable (as a page PDFium chokes on, or one past the worker's limits, would be).
    await storage().put(doc.storageKey, Buffer.from("not a PDF at all"), 16);
    const jobsBefore = pdfJobsStarted("render");

    const progress = await renderPageImages(doc.id);

    expect(progress.stoppedAt).toBe(2);
    expect(pageImagesOf(await row(doc.id))).toEqual({ pages: 1, complete: false, stopped: true });
    expect(await readPageImage(await row(doc.id), 1, "page")).not.toBeNull();
    await renderPageImages(doc.id);
    expect(pdfJobsStarted("render") - jobsBefore).toBe(1);
  });

  it("counts no more pages, and keeps none of their images, once the document was stopped while they were drawn", async () => {
    const user = await owner();
    const doc = await createSampleDocument(user, "Stopped meanwhile", 3, { email_gate: false });
    const store = storage();
    const put = store.put.bind(store);
    const stopFirst = vi.spyOn(store, "put").mockImplementationOnce(async (...args) => {
      await db.document.update({ where: { id: doc.id }, data: { pageImagesStopped: true } });
      return put(...args);
    });

    await renderPageImages(doc.id);

    expect(stopFirst).toHaveBeenCalled();
    expect(pageImagesOf(await row(doc.id))).toEqual({ pages: 1, complete: false, stopped: true });
    expect(await store.exists(pageFileKey(doc.storageKey, 2, "page"))).toBe(false);
    expect(await store.exists(pageFileKey(doc.storageKey, 3, "thumb"))).toBe(false);
    stopFirst.mockRestore();
  });

  it("picks up unfinished documents when the renderer starts (after a restart), and new uploads as they commit", async () => {
    const user = await owner();
    const unfinished = await createSampleDocument(user, "Left half-done", 3, { email_gate: false });
    const stop = startPageImageRenderer();
    try {
      const uploaded = await createSampleDocument(user, "Uploaded while running", 2, { email_gate: false });
      await vi.waitFor(async () => expect((await row(unfinished.id)).pageImages).toBe(3), { timeout: 60_000, interval: 100 });
      await vi.waitFor(async () => expect((await row(uploaded.id)).pageImages).toBe(2), { timeout: 60_000, interval: 100 });
    } finally {
      await stop();
    }
  });
});

describe("reading a page image", () => {
  it("gives the owner their document's thumbnail, and another account or a deleted document nothing", async () => {
    const user = await owner();
    const doc = await createSampleDocument(user, "Thumbnail", 2, { email_gate: true, gate_type: "full" });
    const thumb = await readOwnedPageImage(user.personalTeamId, doc.code, 1, "thumb");
    expect(thumb.version).toBe(1);
    expect((await sharp(await buffer(thumb.image!.body)).metadata()).width).toBe(320);
    // Not rendered yet: no image, no error.
    expect((await readOwnedPageImage(user.personalTeamId, doc.code, 2, "thumb")).image).toBeNull();
    for (const page of [0, 3, 1.5]) expect((await readOwnedPageImage(user.personalTeamId, doc.code, page, "thumb")).image).toBeNull();

    const stranger = await owner();
    await expect(readOwnedPageImage(stranger.personalTeamId, doc.code, 1, "thumb")).rejects.toMatchObject({ status: 404 });
    await deleteDocument(ownerAccess(user), doc.code);
    await expect(readOwnedPageImage(user.personalTeamId, doc.code, 1, "thumb")).rejects.toMatchObject({ status: 404 });
  });

  it("keeps a deleted document's images in the Trash, and a render finishing after the delete adds none", async () => {
    const user = await owner();
    const doc = await createSampleDocument(user, "Deleted", 3, { email_gate: false });
    await renderPageImages(doc.id);
    await deleteDocument(ownerAccess(user), doc.code);
    for (let page = 1; page <= 3; page++) {
      for (const variant of ["page", "thumb"] as const)
        expect(await storage().exists(pageFileKey(doc.storageKey, page, variant))).toBe(true);
    }
    expect((await row(doc.id)).pageImages).toBe(3);
    await db.document.update({ where: { id: doc.id }, data: { pageImages: 1 } });
    expect(await renderPageImages(doc.id)).toEqual({ pages: [], stoppedAt: null });
    expect((await row(doc.id)).pageImages).toBe(1);
  });
});

describe("the orphan sweep and page images", () => {
  it("keeps the images a document counts, in the Trash too, and removes those it does not (uncounted pages, documents deleted for good)", async () => {
    const user = await owner();
    const kept = await createSampleDocument(user, "Kept", 3, { email_gate: false });
    const uncounted = pageFileKey(kept.storageKey, 3, "page");
    await storage().put(uncounted, Buffer.from("RIFF"), 4);
    const trashed = await createSampleDocument(user, "Trashed", 2, { email_gate: false });
    await db.document.update({ where: { id: trashed.id }, data: { deletedAt: new Date() } });
    const deleted = await createSampleDocument(user, "Gone", 2, { email_gate: false });
    await db.document.delete({ where: { id: deleted.id } });

    setClockOffset(2 * 3_600_000);
    const removed = await sweepOrphanedObjects(3_600_000);

    expect(removed).toEqual(
      expect.arrayContaining([uncounted, pageFileKey(deleted.storageKey, 1, "page"), pageFileKey(deleted.storageKey, 1, "thumb")]),
    );
    for (const key of [kept, trashed].flatMap((doc) => [pageFileKey(doc.storageKey, 1, "page"), pageFileKey(doc.storageKey, 1, "thumb")])) {
      expect(removed).not.toContain(key);
      expect(await storage().exists(key)).toBe(true);
    }
  });
});
