import type { z } from "zod";
import { db } from "../db/client";
import type { documentVersionListSchema } from "../schemas/versions";
import { storage, type StoredObject } from "../storage";
import { findOwnedDocument } from "../documents/find-document";
import { versionNotKept } from "./version-refusals";

/** The versions of one of the team's documents, newest first (docs/decisions.md, "Versions"). */
export async function listVersions(teamId: string, shortCode: string): Promise<z.input<typeof documentVersionListSchema>> {
  const doc = await findOwnedDocument(teamId, shortCode);
  const versions = await db.documentVersion.findMany({
    where: { documentId: doc.id },
    orderBy: { number: "desc" },
    include: { createdBy: { select: { id: true, email: true, name: true } } },
  });
  return {
    versions: versions.map((v) => ({
      number: v.number,
      page_count: v.pageCount,
      size_bytes: Number(v.sizeBytes),
      original_filename: v.originalFilename,
      created_at: v.createdAt.toISOString(),
      created_by: v.createdBy ? { user_id: v.createdBy.id, email: v.createdBy.email, name: v.createdBy.name } : null,
      is_current: v.number === doc.version,
    })),
  };
}

/** One version's original, for the team's members (readers only ever get the current one, through the share link). */
export async function readVersionFile(
  teamId: string,
  shortCode: string,
  number: number,
): Promise<{ file: StoredObject; filename: string; size: number }> {
  const doc = await findOwnedDocument(teamId, shortCode);
  const version = await db.documentVersion.findUnique({ where: { documentId_number: { documentId: doc.id, number } } });
  const file = version ? await storage().get(version.storageKey) : null;
  if (!version || !file) throw versionNotKept(number);
  return { file, filename: version.originalFilename, size: Number(version.sizeBytes) };
}
