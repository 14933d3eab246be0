import { type AuditActor, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { queuePageImages } from "./render-page-images";
import { apiShortCode, parseShortCode } from "./short-code";

/**
 * Takes a document out of the team's Trash as it was: nothing was removed when it was deleted, so
 * its links open again, and its versions, analytics and places in rooms are back with it. Page
 * images a render had not finished before the deletion are drawn now. 404 when the team has no
 * such document in the Trash (restored already, deleted for good, never deleted).
 */
export async function restoreDocument(by: AuditActor, shortCode: string): Promise<Document> {
  const code = parseShortCode(shortCode);
  if (!code) throw notFound();
  const restored = await db.$transaction(async (tx) => {
    const [doc] = await tx.document.updateManyAndReturn({
      where: { code, teamId: by.teamId, deletedAt: { not: null } },
      data: { isActive: true, deletedAt: null, deletedById: null },
    });
    if (!doc) throw notFound();
    await recordAudit(tx, by, { action: "document.restored", target: { id: apiShortCode(doc.code), label: doc.title } });
    return doc;
  });
  queuePageImages(restored.id);
  return restored;
}
