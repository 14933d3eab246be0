import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { ApiError } from "../api/errors";
import type { UploadFields } from "../api/schemas/documents";
import { hashPassword } from "../auth/password-hash";
import { db } from "../db";
import type { Document } from "../generated/prisma/client";
import { newDocumentCode } from "../ids";
import { storage } from "../storage";
import { now } from "../time";
import { recordEvent } from "../webhooks/record-event";
import { defaultTitle } from "./default-title";
import { inspectPdf } from "./inspect-pdf";
import { writePreviewFile } from "./preview-file";
import { eventDocument, serializeSettings } from "./serialize";

export const DEFAULT_GATE_PAGE = 3;

export type UploadedFile = { path: string; size: number; filename: string };

/**
 * Creates a document from an uploaded file already on local disk: validates the PDF, stores the
 * original and the gate's preview, then writes the row and its `document.uploaded` event in one
 * transaction. Any failure removes what was stored, so a failed upload leaves nothing behind.
 */
export async function createDocument(ownerId: string, file: UploadedFile, fields: UploadFields): Promise<Document> {
  const bytes = await readFile(file.path);
  const { pageCount, firstPageAspect } = await inspectPdf(bytes);

  if (fields.gate_page !== undefined && fields.gate_page > pageCount) {
    throw new ApiError(
      "validation_error",
      `gate_page must be between 1 and the page count (${pageCount}); got ${fields.gate_page}`,
    );
  }
  const settings = {
    emailGate: fields.email_gate ?? true,
    gateType: fields.gate_type ?? "preview",
    // An omitted gate_page is lowered to fit short documents, so stored values are always in range.
    gatePage: fields.gate_page ?? Math.min(DEFAULT_GATE_PAGE, pageCount),
    allowDownload: fields.allow_download ?? true,
    blockFreeEmails: fields.block_free_emails ?? false,
    notificationsEnabled: fields.notifications_enabled ?? true,
  };
  const passwordHash = fields.password ? await hashPassword(fields.password) : null;

  const id = randomUUID();
  const storageKey = `documents/${id}/original.pdf`;
  const stored: string[] = [];
  try {
    await storage().put(storageKey, createReadStream(file.path), file.size);
    stored.push(storageKey);
    const preview = await writePreviewFile({ id, pageCount, storageKey, ...settings }, bytes);
    if (preview) stored.push(preview.key);

    return await db.$transaction(async (tx) => {
      const createdAt = now();
      const doc = await tx.document.create({
        data: {
          id,
          ownerId,
          code: newDocumentCode(),
          title: fields.title ?? defaultTitle(file.filename),
          originalFilename: file.filename.slice(0, 255) || "document.pdf",
          pageCount,
          firstPageAspect,
          sizeBytes: BigInt(file.size),
          storageKey,
          previewStorageKey: preview?.key ?? null,
          previewPageCount: preview?.pages ?? 0,
          passwordHash,
          createdAt,
          ...settings,
        },
      });
      await recordEvent(tx, {
        userId: ownerId,
        documentId: doc.id,
        type: "document.uploaded",
        at: createdAt,
        data: {
          document: eventDocument(doc),
          upload: {
            original_filename: doc.originalFilename,
            page_count: doc.pageCount,
            size_bytes: file.size,
            settings: serializeSettings(doc),
          },
        },
      });
      return doc;
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage().delete(key)));
    throw error;
  }
}
