import { engagementRank } from "../analytics/engagement";
import { db } from "../db";
import type { Document } from "../generated/prisma/client";
import { eventDocument } from "../documents/serialize";
import { now } from "../time";
import { recordEvent } from "../webhooks/record-event";
import type { Access } from "./access";
import { recordMilestone } from "./ingest-batch";

/**
 * Records a download with its `document.downloaded` event in one transaction. Downloading can lift
 * the viewer to High Interest, so its level (and the milestone) is re-evaluated too.
 */
export async function recordDownload(doc: Document, access: Access, browserId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const at = now();
    const viewer =
      (access.gateViewerId ? await tx.viewer.findUnique({ where: { id: access.gateViewerId } }) : null) ??
      (await tx.viewer.findUnique({ where: { documentId_browserId: { documentId: doc.id, browserId } } }));
    await tx.download.create({ data: { documentId: doc.id, viewerId: viewer?.id ?? null, createdAt: at } });
    await tx.document.update({ where: { id: doc.id }, data: { downloads: { increment: 1 } } });

    let visitNumber = viewer?.visits ?? 0;
    if (viewer) {
      const rank = engagementRank({
        completion: viewer.completion,
        readingSeconds: viewer.totalTimeSeconds,
        pagesViewed: viewer.pagesViewed,
        visits: viewer.visits,
        downloaded: true,
      });
      const updated = await tx.viewer.update({
        where: { id: viewer.id },
        data: { downloaded: true, engagementRank: rank, ...(rank === 4 && !viewer.milestoneEventAt ? { milestoneEventAt: at } : {}) },
      });
      await tx.$executeRaw`UPDATE documents SET engagement_rank = greatest(engagement_rank, ${rank}::smallint) WHERE id = ${doc.id}::uuid`;
      if (rank === 4 && !viewer.milestoneEventAt) await recordMilestone(tx, doc, viewer.engagementRank, updated, visitNumber, at);
      visitNumber = updated.visits;
    }
    await recordEvent(tx, {
      userId: doc.ownerId,
      documentId: doc.id,
      type: "document.downloaded",
      at,
      data: {
        document: eventDocument(doc),
        // Always present here (DECISIONS.md): null for a reader who never gave an email.
        viewer: { email: viewer?.email ?? null, company_domain: viewer?.companyDomain ?? null, visit_number: visitNumber },
        download: { downloaded_at: at.toISOString() },
      },
    });
  });
}
