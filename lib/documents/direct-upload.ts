import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { config } from "../config";
import { hashPassword } from "../credentials/password-hash";
import { db } from "../db/client";
import { holdLock, lockKeys } from "../db/locks";
import { ApiError, type ErrorCode } from "../errors";
import type { Document } from "../generated/prisma/client";
import type { UploadFields } from "../schemas/documents";
import { storage } from "../storage";
import { createDocument } from "./create-document";
import { originalKey } from "../storage/document-keys";
import { scratchPath } from "./preview-file";
import { now } from "../time";
import { logger } from "../log/logger";

const log = logger("uploads");

/**
 * Uploads that go from the browser straight to the object store (UploadThing): the server hands
 * out an upload slot, the browser stores the file, the store calls back, and only then is the PDF
 * inspected and the document made — the same inspection, preview and transaction as any upload.
 */

export type DirectUploadOutcome = { ok: true; document: Document } | { ok: false; error: { code: ErrorCode; message: string } };

/** Upload slots one owner may hold open at once: a form submitted twice is fine, a script piling up rows and password hashes is not. */
export const MAX_OPEN_DIRECT_UPLOADS = 20;

/** How long an owner whose slots are all taken is asked to wait: uploads in progress mostly end within a minute. */
export const OPEN_SLOTS_RETRY_AFTER_SECONDS = 60;

const slotsTaken = () =>
  new ApiError("rate_limited", `You have ${MAX_OPEN_DIRECT_UPLOADS} uploads in progress. Wait for them to finish, then try again.`, {
    headers: { "Retry-After": String(OPEN_SLOTS_RETRY_AFTER_SECONDS) },
  });

const tooLarge = () => new ApiError("payload_too_large", `The file is larger than the ${config().MAX_UPLOAD_MB} MB upload limit.`);

/**
 * Checks what the browser says it will send and keeps the form's settings on the server until
 * the file arrives. Returns the id the document will have and the key its original must be
 * stored under.
 */
export async function openDirectUpload(
  by: { teamId: string; userId: string; address?: string | null },
  file: { name: string; size: number },
  fields: UploadFields,
): Promise<{ id: string; storageKey: string }> {
  // The size is the browser's word: a whole, positive number of bytes or no slot.
  if (file.size === 0) throw new ApiError("bad_request", "The file is empty; choose a PDF.");
  if (!Number.isSafeInteger(file.size) || file.size < 0) throw new ApiError("bad_request", "The file size is not a whole number of bytes.");
  if (file.size > config().MAX_UPLOAD_MB * 1024 * 1024) throw tooLarge();
  // Before the password is hashed, so a refusal costs no hash; the count that holds is the one below.
  const ownerId = by.userId;
  if ((await db.pendingUpload.count({ where: { ownerId } })) >= MAX_OPEN_DIRECT_UPLOADS) throw slotsTaken();
  const { password, ...settings } = fields;
  const id = randomUUID();
  const passwordHash = password ? await hashPassword(password) : null;
  // One owner's slots are counted and taken one request at a time (a lock per owner, held to the
  // commit): concurrent requests each counting the same 19 would otherwise all take the 20th. A
  // burst of one owner's requests queues for the lock, each turn a few milliseconds; the route's
  // rate limit bounds the burst.
  await db.$transaction(
    async (tx) => {
      await holdLock(tx, lockKeys.pendingUploads(ownerId));
      if ((await tx.pendingUpload.count({ where: { ownerId } })) >= MAX_OPEN_DIRECT_UPLOADS) throw slotsTaken();
      await tx.pendingUpload.create({
        data: {
          id,
          ownerId,
          teamId: by.teamId,
          filename: file.name.replaceAll("\u0000", "").slice(0, 255),
          sizeBytes: BigInt(file.size),
          fields: settings,
          passwordHash,
          address: by.address ?? null,
        },
      });
    },
    { maxWait: 10_000 },
  );
  return { id, storageKey: originalKey(id) };
}

/**
 * Makes the document once its original is stored under `storageKey`. Whatever goes wrong, the
 * stored file is deleted and the reason returned for the owner to see. One callback claims the
 * upload; a repeated one (UploadThing retrying) answers without touching the file: with the
 * document once it is made, "still being processed" before.
 */
export async function completeDirectUpload(pendingId: string, storageKey: string): Promise<DirectUploadOutcome> {
  if (storageKey !== originalKey(pendingId)) return unclaimed(pendingId, storageKey);
  const claimed = await db.pendingUpload.updateMany({ where: { id: pendingId, claimedAt: null }, data: { claimedAt: now() } });
  if (claimed.count === 0) return unclaimed(pendingId, storageKey);
  const pending = await db.pendingUpload.findUniqueOrThrow({ where: { id: pendingId } });

  const local = await scratchPath("uploads", ".pdf");
  try {
    const size = await download(storageKey, local);
    const document = await createDocument(
      // The member who opened the upload acts, from where they opened it: the callback is UploadThing's request.
      { teamId: pending.teamId, userId: pending.ownerId, address: pending.address },
      { path: local, size, filename: pending.filename },
      pending.fields as UploadFields,
      {
        storedOriginal: {
          documentId: pending.id,
          passwordHash: pending.passwordHash,
          commit: (tx) => tx.pendingUpload.delete({ where: { id: pending.id } }),
        },
      },
    );
    return { ok: true, document };
  } catch (error) {
    await storage()
      .delete(storageKey)
      .catch(() => undefined);
    await db.pendingUpload.deleteMany({ where: { id: pending.id } });
    if (error instanceof ApiError) return { ok: false, error: { code: error.code, message: error.message } };
    log.error({ err: error }, "a direct upload could not be completed");
    return { ok: false, error: { code: "internal_error", message: "The upload could not be processed. Try again." } };
  } finally {
    await rm(local, { force: true });
  }
}

/** A callback this process may not act on: a repeat, or a file under a slot never handed out. */
async function unclaimed(pendingId: string, storageKey: string): Promise<DirectUploadOutcome> {
  // The pending row first: it goes in the document's own transaction, so once it is gone the document is either there or never will be.
  if (await db.pendingUpload.findUnique({ where: { id: pendingId }, select: { id: true } })) {
    return { ok: false, error: { code: "bad_request", message: "This upload is still being processed." } };
  }
  const made = await db.document.findFirst({ where: { storageKey } });
  if (made) return made.id === pendingId ? { ok: true, document: made } : notExpected();
  if (/^documents\/[0-9a-f-]{36}\/original\.pdf$/.test(storageKey)) await storage().delete(storageKey);
  return notExpected();
}

const notExpected = (): DirectUploadOutcome => ({
  ok: false,
  error: { code: "not_found", message: "This upload was not expected or has expired. Upload the file again." },
});

/** Copies a stored object to local disk, refusing more bytes than an upload may have. */
async function download(storageKey: string, target: string): Promise<number> {
  const object = await storage().get(storageKey);
  if (!object) throw new ApiError("bad_request", "The uploaded file was not found in storage. Upload it again.");
  const maxBytes = Math.floor(config().MAX_UPLOAD_MB * 1024 * 1024);
  if (object.size > maxBytes) {
    object.body.destroy();
    throw tooLarge();
  }
  let size = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? tooLarge() : null, chunk);
    },
  });
  await pipeline(object.body, capped, createWriteStream(target));
  if (size === 0) throw new ApiError("bad_request", "The file is empty; choose a PDF.");
  return size;
}
