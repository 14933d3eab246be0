import { type AuditActor, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { now } from "../time";
import type { OwnedLink } from "./find-link";

/** Soft delete: the code keeps answering (410) and its visits, leads and downloads keep their link. */
export async function deleteLink(by: AuditActor, link: OwnedLink): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.link.updateMany({ where: { id: link.id, deletedAt: null }, data: { deletedAt: now() } });
    if (count === 0) throw notFound("Link");
    await recordAudit(tx, by, {
      action: "link.deleted",
      target: { id: apiShortCode(link.code), label: link.name },
      details: { document: { short_code: apiShortCode(link.document.code), title: link.document.title } },
    });
  });
}
