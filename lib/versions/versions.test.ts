import { buffer } from "node:stream/consumers";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { ownerAccess } from "@/test/support/fixtures";
import { firstUpload, newVersion, versionsOwner as owner } from "@/test/support/versions";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { db } from "../db/client";
import { ApiError } from "../errors";
import { createLink } from "../links/create-link";
import { findOwnedLink } from "../links/find-link";
import { sharedDocument } from "../links/shared-document";
import { updateLink } from "../links/update-link";
import { storage } from "../storage";
import { fileFolder, pageFileKey } from "../storage/document-keys";
import { sweepOrphanedObjects } from "../storage/sweep-orphans";
import { readableFileKey } from "../viewer/files/readable-file-key";
import { listVersions, readVersionFile } from "./list-versions";
import { restoreVersion } from "./restore-version";
import { updateDocument } from "../documents/update-document";

const pagesOf = async (key: string) => (await PDFDocument.load(await buffer((await storage().get(key))!.body))).getPageCount();

describe("document versions", () => {
  it("a new version becomes current under the same code; the history lists both, and the first file stays downloadable", async () => {
    const user = await owner();
    const doc = await firstUpload(user, 3);
    const change = await newVersion(user, doc.code, await samplePdf(5, "Second"));
    expect(change.document.code).toBe(doc.code);
    expect(change.document.version).toBe(2);
    expect(change.document.pageCount).toBe(5);
    expect(change.document.storageKey).not.toBe(doc.storageKey);
    const { versions } = await listVersions(user.personalTeamId, doc.code);
    expect(versions.map((v) => [v.number, v.page_count, v.is_current])).toEqual([
      [2, 5, true],
      [1, 3, false],
    ]);
    expect(versions[0]!.created_by?.email).toBe(user.email);
    const first = await readVersionFile(user.personalTeamId, doc.code, 1);
    expect((await PDFDocument.load(await buffer(first.file.body))).getPageCount()).toBe(3);
    const event = await db.event.findFirstOrThrow({ where: { documentId: doc.id, type: "document.updated" } });
    expect((event.payload as { data: { version: unknown } }).data.version).toMatchObject({
      number: 2,
      page_count: 5,
      previous_number: 1,
      restored: false,
    });
  });

  it("rebuilds the document's and its links' previews from the new file, in its folder, and clamps gates past the new last page", async () => {
    const user = await owner();
    const doc = await firstUpload(user, 8, { gate_page: 6 });
    const link = await createLink(ownerAccess(user), doc, { name: "Own gate", settings: { gate_page: 7 } });
    const change = await newVersion(user, doc.code, await samplePdf(4, "Shorter"));
    expect(change.gatePageClamped).toEqual({ from: 6, to: 4, chosen: 6 });
    expect(change.linksClamped).toEqual([{ code: link.code, name: "Own gate", from: 7, to: 4, chosen: 7 }]);
    const current = change.document;
    expect(current.gatePage).toBe(4);
    expect(fileFolder(current.previewStorageKey!)).toBe(fileFolder(current.storageKey));
    expect(await pagesOf(current.previewStorageKey!)).toBe(3);
    const relinked = await db.link.findUniqueOrThrow({ where: { id: link.id } });
    expect(fileFolder(relinked.previewStorageKey!)).toBe(fileFolder(current.storageKey));
    expect(await pagesOf(relinked.previewStorageKey!)).toBe(3);
    // The previous version's previews are gone.
    expect(await storage().exists(doc.previewStorageKey!)).toBe(false);
    expect(await storage().exists(link.previewStorageKey!)).toBe(false);
  });

  it("never serves a preview built from another version, even if a row still points at one", async () => {
    const user = await owner();
    const doc = await firstUpload(user, 6, { gate_page: 3 });
    const change = await newVersion(user, doc.code, await samplePdf(6, "Second"));
    const stale = { ...sharedDocument(change.document, null), previewStorageKey: doc.previewStorageKey };
    const access = { canDownload: false, ownerPreview: false, readablePages: 2 };
    expect(() => readableFileKey(stale, access, "preview")).toThrow(ApiError);
    expect(readableFileKey(sharedDocument(change.document, null), access, "preview")).toBe(change.document.previewStorageKey);
  });

  it("a refused file changes nothing and leaves nothing stored", async () => {
    const user = await owner();
    const doc = await firstUpload(user, 3);
    const before = await storage().list(`documents/${doc.id}/`);
    const refused = await newVersion(user, doc.code, Buffer.from("%PDF-1.7\nnot really")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    const after = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    expect([after.version, after.storageKey, after.pageCount]).toEqual([1, doc.storageKey, 3]);
    expect(await db.documentVersion.count({ where: { documentId: doc.id } })).toBe(1);
    expect((await storage().list(`documents/${doc.id}/`)).map((o) => o.key).sort()).toEqual(before.map((o) => o.key).sort());
    expect(await db.event.count({ where: { documentId: doc.id, type: "document.updated" } })).toBe(0);
  });

  it("restores an earlier version with its number; the current one cannot be restored", async () => {
    const user = await owner();
    const doc = await firstUpload(user, 3, { gate_page: 2 });
    await newVersion(user, doc.code, await samplePdf(5, "Second"));
    const restored = await restoreVersion(ownerAccess(user), doc.code, 1);
    expect([restored.document.version, restored.document.pageCount, restored.document.storageKey]).toEqual([1, 3, doc.storageKey]);
    expect(fileFolder(restored.document.previewStorageKey!)).toBe(fileFolder(doc.storageKey));
    expect(restored.document.pageImages).toBeGreaterThanOrEqual(1);
    expect(await storage().exists(pageFileKey(doc.storageKey, 1, "page"))).toBe(true);
    await expect(restoreVersion(ownerAccess(user), doc.code, 1)).rejects.toMatchObject({ code: "bad_request" });
    await expect(restoreVersion(ownerAccess(user), doc.code, 9)).rejects.toMatchObject({ code: "not_found" });
    const { versions } = await listVersions(user.personalTeamId, doc.code);
    expect(versions.map((v) => [v.number, v.is_current])).toEqual([
      [2, false],
      [1, true],
    ]);
    // A third upload takes the next number after the highest.
    expect((await newVersion(user, doc.code, await samplePdf(2, "Third"))).document.version).toBe(3);
  });

  it("keeps the team's last N versions when it says so; the orphan sweep removes the files of pruned ones and of old images, never a kept version", async () => {
    const user = await owner();
    await db.team.update({ where: { id: user.personalTeamId }, data: { versionsKept: 2 } });
    const doc = await firstUpload(user, 2);
    const second = await newVersion(user, doc.code, await samplePdf(2, "Second"));
    const third = await newVersion(user, doc.code, await samplePdf(2, "Third"));
    expect((await listVersions(user.personalTeamId, doc.code)).versions.map((v) => v.number)).toEqual([3, 2]);
    expect(await storage().exists(doc.storageKey)).toBe(false);
    await sweepOrphanedObjects(0);
    expect(await storage().exists(second.document.storageKey)).toBe(true);
    expect(await storage().exists(third.document.storageKey)).toBe(true);
    expect(await storage().exists(pageFileKey(third.document.storageKey, 1, "page"))).toBe(true);
    expect(await storage().exists(pageFileKey(second.document.storageKey, 1, "page"))).toBe(false);
  });

  it("never gives a pruned version's number again: a number names one file, for every cache keyed on it", async () => {
    const user = await owner();
    const doc = await firstUpload(user, 2);
    await newVersion(user, doc.code, await samplePdf(2, "Second"));
    await newVersion(user, doc.code, await samplePdf(2, "Third"));
    await db.team.update({ where: { id: user.personalTeamId }, data: { versionsKept: 1 } });
    // Restoring version 1 prunes 2 and 3, the highest.
    await restoreVersion(ownerAccess(user), doc.code, 1);
    expect((await listVersions(user.personalTeamId, doc.code)).versions.map((v) => v.number)).toEqual([1]);
    expect((await newVersion(user, doc.code, await samplePdf(3, "Fourth"))).document.version).toBe(4);
  });

  it("a settings change or a new link racing a new version never keeps a preview of the old file", async () => {
    const user = await owner();
    const doc = await firstUpload(user, 6, { gate_page: 3 });
    const link = await createLink(ownerAccess(user), doc, { name: "Racer", settings: { gate_page: 4 } });
    const owned = await findOwnedLink(user.personalTeamId, link.code);
    const [change] = await Promise.all([
      newVersion(user, doc.code, await samplePdf(6, "Second")),
      updateDocument(ownerAccess(user), doc, { gate_page: 2 }),
      updateLink(ownerAccess(user), owned, { settings: { gate_page: 5 } }),
      createLink(ownerAccess(user), doc, { name: "Late", settings: { gate_page: 5 } }),
    ]);
    const folder = fileFolder(change.document.storageKey);
    const current = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    expect(current.storageKey).toBe(change.document.storageKey);
    expect(fileFolder(current.previewStorageKey!)).toBe(folder);
    for (const row of await db.link.findMany({ where: { documentId: doc.id } })) {
      expect(fileFolder(row.previewStorageKey!), row.name).toBe(folder);
    }
    expect(await pagesOf(current.previewStorageKey!)).toBe(current.gatePage - 1);
  });
});
