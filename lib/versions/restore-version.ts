import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import type { AuditActor } from "../audit/record-audit";
import { db } from "../db/client";
import { ApiError } from "../errors";
import { versionAlreadyCurrent, versionNotKept } from "./version-refusals";
import { storage } from "../storage";
import { findOwnedDocument } from "../documents/find-document";
import { makeVersionCurrent, type VersionChange } from "./make-version-current";
import { processPdf, scratchPath } from "../documents/preview-file";
import { imagePagesBeforeAnswer } from "../documents/render-page-images";

/**
 * Makes an earlier version current again, as a new upload of the same file would be (its page 1
 * drawn before the answer, previews rebuilt, gates moved), keeping its number. The current
 * version cannot be restored; a pruned one is gone (404), also when an upload pruned it while this
 * restore was being prepared (`makeVersionCurrent` reads the row again under the lock).
 */
export async function restoreVersion(by: AuditActor, shortCode: string, number: number): Promise<VersionChange> {
  const doc = await findOwnedDocument(by.teamId, shortCode);
  const version = await db.documentVersion.findUnique({ where: { documentId_number: { documentId: doc.id, number } } });
  if (!version) throw versionNotKept(number);
  if (version.number === doc.version) throw versionAlreadyCurrent(number);
  const object = await storage().get(version.storageKey);
  if (!object) throw new ApiError("not_found", `Version ${number}'s file is missing from storage.`);
  const local = await scratchPath("originals", ".pdf");
  let drawn: string[] = [];
  try {
    await pipeline(object.body, createWriteStream(local));
    const size = Number(version.sizeBytes);
    const inspection = await processPdf(
      version.storageKey,
      local,
      { emailGate: false, gateType: "none", gatePage: null },
      undefined,
      imagePagesBeforeAnswer(size),
    );
    drawn = inspection.pageImages.keys;
    return await makeVersionCurrent(by, doc.id, {
      storageKey: version.storageKey,
      localPath: local,
      originalFilename: version.originalFilename,
      sourceType: version.sourceType,
      sizeBytes: size,
      inspection,
      restoring: version.number,
    });
  } catch (error) {
    // A restore of the same version that won the race made these images the current version's.
    if (!(await isCurrentFile(doc.id, version.storageKey))) await Promise.allSettled(drawn.map((key) => storage().delete(key)));
    throw error;
  } finally {
    await rm(local, { force: true });
  }
}

async function isCurrentFile(documentId: string, storageKey: string): Promise<boolean> {
  const current = await db.document.findUnique({ where: { id: documentId }, select: { storageKey: true } });
  return current?.storageKey === storageKey;
}
