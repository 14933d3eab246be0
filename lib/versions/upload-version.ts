import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import type { AuditActor } from "../audit/record-audit";
import { faultPoint } from "../fault-point";
import { storage } from "../storage";
import { sourceKey, versionOriginalKey } from "../storage/document-keys";
import { prepareUpload } from "../office/prepare-upload";
import type { UploadedFile } from "../documents/create-document";
import { findOwnedDocument } from "../documents/find-document";
import { makeVersionCurrent, type VersionChange } from "./make-version-current";
import { processPdf } from "../documents/preview-file";
import { imagePagesBeforeAnswer } from "../documents/render-page-images";

/**
 * A new file for a document: the PDF worker inspects it as it does an upload (a refused file
 * changes nothing), it is stored in a folder of its own with its first page's images, and then it
 * becomes the current version for every share code at once (`makeVersionCurrent`). Whatever fails,
 * what was stored for it is removed and the previous version stays current.
 */
export async function uploadVersion(by: AuditActor, shortCode: string, file: UploadedFile): Promise<VersionChange> {
  const doc = await findOwnedDocument(by.teamId, shortCode);
  const storageKey = versionOriginalKey(doc.id, randomUUID());
  const stored: string[] = [];
  await faultPoint("version:received");
  const prepared = await prepareUpload(file);
  const pdf = prepared.pdf;
  try {
    // The gate is settled once the page count is known (makeVersionCurrent); this run only inspects and draws page 1.
    const inspection = await processPdf(
      storageKey,
      pdf.path,
      { emailGate: false, gateType: "none", gatePage: null },
      storageKey,
      imagePagesBeforeAnswer(pdf.size),
    );
    stored.push(...inspection.pageImages.keys);
    if (inspection.decrypted) stored.push(storageKey);
    else {
      await storage().put(storageKey, createReadStream(pdf.path), pdf.size);
      stored.push(storageKey);
    }
    if (prepared.sourceType) {
      const source = sourceKey(storageKey, prepared.sourceType);
      await storage().put(source, createReadStream(file.path), file.size);
      stored.push(source);
    }
    await faultPoint("version:stored");
    return await makeVersionCurrent(by, doc.id, {
      storageKey,
      // An encrypted upload is decrypted again by the worker for each preview, as for the first upload.
      localPath: pdf.path,
      originalFilename: file.filename.slice(0, 255) || "document.pdf",
      sourceType: prepared.sourceType,
      sizeBytes: inspection.decrypted?.size ?? pdf.size,
      inspection,
      restoring: null,
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage().delete(key)));
    throw error;
  } finally {
    await prepared.cleanup();
  }
}
