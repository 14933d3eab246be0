import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import type { AuditActor } from "../audit/record-audit";
import { db } from "../db/client";
import { ApiError } from "../errors";
import { storage } from "../storage";
import { findOwnedDocument } from "../documents/find-document";
import { makeVersionCurrent, type VersionChange } from "./make-version-current";
import { processPdf, scratchPath } from "../documents/preview-file";
import { imagePagesBeforeAnswer } from "../documents/render-page-images";

/**
 * Makes an earlier version current again, as a new upload of the same file would be (its page 1
 * drawn before the answer, previews rebuilt, gates clamped), keeping its number. The current
 * version cannot be restored; a pruned one is gone (404).
 */
export async function restoreVersion(by: AuditActor, shortCode: string, number: number): Promise<VersionChange> {
  const doc = await findOwnedDocument(by.teamId, shortCode);
  const version = await db.documentVersion.findUnique({ where: { documentId_number: { documentId: doc.id, number } } });
  if (!version) throw new ApiError("not_found", `Version ${number} of this document does not exist (or was not kept).`);
  if (version.number === doc.version) throw new ApiError("bad_request", `Version ${number} is already the current version.`);
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
      sizeBytes: size,
      inspection,
      restoring: version.number,
    });
  } catch (error) {
    await Promise.allSettled(drawn.map((key) => storage().delete(key)));
    throw error;
  } finally {
    await rm(local, { force: true });
  }
}
