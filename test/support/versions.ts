import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { config } from "../../lib/config";
import { createDocument } from "../../lib/documents/create-document";
import { createUser } from "../../lib/users/create-user";
import { uploadVersion } from "../../lib/versions/upload-version";
import { ownerAccess } from "./fixtures";

/** Uploads and versions as the lib functions take them: a file on local disk, removed after. */

export type Owner = Awaited<ReturnType<typeof versionsOwner>>;

export const versionsOwner = () => createUser({ email: `versions-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

export async function onDisk<T>(
  bytes: Buffer,
  withFile: (file: { path: string; size: number; filename: string }) => Promise<T>,
): Promise<T> {
  const file = path.join(config().DATA_DIR, `version-${randomBytes(6).toString("hex")}.pdf`);
  await writeFile(file, bytes);
  try {
    return await withFile({ path: file, size: bytes.length, filename: "deck-v.pdf" });
  } finally {
    await rm(file, { force: true });
  }
}

export async function firstUpload(user: Owner, pages: number, fields: Parameters<typeof createDocument>[2] = {}) {
  return onDisk(await samplePdf(pages, "First"), (file) => createDocument(ownerAccess(user), file, fields));
}

export const newVersion = (user: Owner, code: string, bytes: Buffer) =>
  onDisk(bytes, (file) => uploadVersion(ownerAccess(user), code, file));
