import { type AuditActor, recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import { removeDocumentFiles } from "../storage/remove-document-files";
import { apiShortCode, parseShortCode } from "./short-code";
import { logger } from "../log/logger";

const log = logger("trash");

/**
 * Deletes a document of the team's Trash for good, if it has been there since `deletedBefore` or
 * earlier: its row, and with it its versions, links, places in rooms and analytics, in the
 * transaction of its audit entry (`details` says why: the sweep's `trash_days`); then its stored
 * files. A restore or another purge that got there first leaves nothing to do: false.
 */
export async function purgeDocument(
  by: AuditActor,
  shortCode: string,
  deletedBefore: Date,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const code = parseShortCode(shortCode);
  if (!code) return false;
  const purged = await db.$transaction(async (tx) => {
    const [doc] = await tx.$queryRaw<Array<{ id: string; title: string }>>`
      DELETE FROM documents WHERE code = ${code} AND team_id = ${by.teamId}::uuid AND deleted_at <= ${deletedBefore}
      RETURNING id, title`;
    if (doc) await recordAudit(tx, by, { action: "document.purged", target: { id: apiShortCode(code), label: doc.title }, details });
    return doc;
  });
  if (!purged) return false;
  await removeDocumentFiles(purged.id).catch((error: unknown) =>
    log.error({ err: error, documentId: purged.id }, "removing a purged document's files failed; the orphan sweep will"),
  );
  return true;
}
