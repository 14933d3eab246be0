import { storedSettings } from "../schemas/sharing-settings";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { type AuditActor, recordAudit } from "../audit/record-audit";
import { ApiError } from "../errors";
import type { UploadFields } from "../schemas/documents";
import { hashPassword } from "../credentials/password-hash";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import type { Tx } from "../db/client";
import { unusedShareCode } from "./share-code";
import { apiShortCode } from "./short-code";
import { storage } from "../storage";
import { originalKey, sourceKey } from "../storage/document-keys";
import { prepareUpload } from "../office/prepare-upload";
import { now } from "../time";
import { recordEvent } from "../events/record-event";
import { defaultTitle } from "./default-title";
import { faultPoint } from "../fault-point";
import { recordPageTexts } from "./page-texts";
import { processPdf } from "./preview-file";
import { imagePagesBeforeAnswer, queuePageImages } from "./render-page-images";
import { eventDocument, serializeSettings } from "./serialize";
import { assertCanVerifyEmails } from "./verify-needs-mail";

export type UploadedFile = { path: string; size: number; filename: string };

/**
 * An original a browser already stored (a direct upload to UploadThing) under the key of the
 * document id it was given: it is not stored again, and the caller deletes it if the document is
 * not made (it may fail before this is called).
 */
export type StoredOriginal = {
  documentId: string;
  passwordHash: string | null;
  /** Runs in the document's transaction (the pending upload's row goes with it). */
  commit: (tx: Tx) => Promise<unknown>;
};

/**
 * Creates a document from an uploaded file already on local disk: the PDF worker validates it,
 * builds the gate's preview and draws page 1's images, the original is stored, then the row and
 * its `document.uploaded` event are written in one transaction; the other pages' images follow in
 * the background. Any failure removes what was stored, so a failed upload leaves nothing behind.
 * The file's bytes never pass through this process's memory. An encrypted file that opens without
 * a password is kept as the worker's decrypted copy, never as uploaded (a direct upload's stored
 * original is replaced by it). `inTransaction` runs in the document's transaction after its rows
 * (e.g. putting it in a room): when it throws, no document is made.
 */
/** Who uploads: the team that will own the document, and the member (null for an operator's script). */
export type Uploader = AuditActor;

export async function createDocument(
  by: Uploader,
  file: UploadedFile,
  fields: UploadFields,
  { storedOriginal, inTransaction }: { storedOriginal?: StoredOriginal; inTransaction?: (tx: Tx, doc: Document) => Promise<unknown> } = {},
): Promise<Document> {
  assertCanVerifyEmails(fields.verify_email);
  const id = storedOriginal?.documentId ?? randomUUID();
  const storageKey = originalKey(id);
  const gate = { emailGate: fields.email_gate ?? true, gateType: fields.gate_type ?? "preview", gatePage: fields.gate_page ?? null };
  const stored: string[] = [];
  await faultPoint("upload:received");
  const prepared = await prepareUpload(file);
  const pdf = prepared.pdf;
  try {
    const {
      pageCount,
      firstPageAspect,
      title: pdfTitle,
      gatePage,
      preview,
      decrypted,
      pageImages,
    } = await processPdf(storageKey, pdf.path, gate, storageKey, imagePagesBeforeAnswer(pdf.size));
    if (decrypted && !storedOriginal) stored.push(storageKey);
    if (preview) stored.push(preview.key);
    stored.push(...pageImages.keys);
    const sizeBytes = decrypted?.size ?? pdf.size;
    if (fields.gate_page !== undefined && fields.gate_page > pageCount) {
      throw new ApiError("validation_error", `gate_page must be between 1 and the page count (${pageCount}); got ${fields.gate_page}`);
    }
    // The gate's three come from the file: a default gate_page past its last page stands on it.
    const settings = { ...storedSettings(fields), emailGate: gate.emailGate, gateType: gate.gateType, gatePage };
    const passwordHash = storedOriginal ? storedOriginal.passwordHash : fields.password ? await hashPassword(fields.password) : null;
    // A converted file's PDF replaces a direct upload's stored original, which is kept as the source.
    if ((!storedOriginal || prepared.sourceType) && !decrypted) {
      await storage().put(storageKey, createReadStream(pdf.path), pdf.size);
      if (!storedOriginal) stored.push(storageKey);
    }
    if (prepared.sourceType) {
      const source = sourceKey(storageKey, prepared.sourceType);
      await storage().put(source, createReadStream(file.path), file.size);
      stored.push(source);
    }
    await faultPoint("upload:stored");

    const code = await unusedShareCode();
    const created = await db.$transaction(async (tx) => {
      const createdAt = now();
      const doc = await tx.document.create({
        data: {
          id,
          teamId: by.teamId,
          createdById: by.userId,
          code,
          title: fields.title ?? defaultTitle(file.filename, pdfTitle),
          originalFilename: file.filename.slice(0, 255) || "document.pdf",
          sourceType: prepared.sourceType,
          pageCount,
          firstPageAspect,
          sizeBytes: BigInt(sizeBytes),
          storageKey,
          previewStorageKey: preview?.key ?? null,
          previewPageCount: preview?.pages ?? 0,
          pageImages: pageImages.pages,
          passwordHash,
          createdAt,
          ...settings,
        },
      });
      await tx.documentVersion.create({
        data: {
          documentId: id,
          number: 1,
          storageKey,
          originalFilename: doc.originalFilename,
          sourceType: prepared.sourceType,
          pageCount,
          firstPageAspect,
          sizeBytes: BigInt(sizeBytes),
          createdById: by.userId,
          createdAt,
        },
      });
      await recordPageTexts(tx, id, 1, pageImages.texts);
      await recordEvent(tx, {
        teamId: by.teamId,
        documentId: doc.id,
        type: "document.uploaded",
        at: createdAt,
        data: {
          document: eventDocument(doc),
          // A new document has no links yet: it is shared through its own short code.
          link: { code: doc.code, name: null },
          upload: {
            original_filename: doc.originalFilename,
            page_count: doc.pageCount,
            size_bytes: sizeBytes,
            settings: serializeSettings(doc),
          },
        },
      });
      await recordAudit(tx, by, {
        action: "document.created",
        target: { id: apiShortCode(doc.code), label: doc.title },
        details: { original_filename: doc.originalFilename, page_count: doc.pageCount },
      });
      await inTransaction?.(tx, doc);
      await storedOriginal?.commit(tx);
      return doc;
    });
    queuePageImages(created.id);
    return created;
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage().delete(key)));
    throw error;
  } finally {
    await prepared.cleanup();
  }
}
