import { engagementRank, levelOfRank } from "../../rules/engagement";
import { consumeRateLimit } from "../../rate-limit";
import { db, type Tx } from "../../db/client";
import type { Viewer } from "../../generated/prisma/client";
import { eventDocument } from "../../documents/serialize";
import { now } from "../../time";
import { recordEvent } from "../../events/record-event";
import { eventCompletion, eventSeconds } from "../../schemas/events";
import type { Access } from "../grants/access";
import { eventLink, eventRoom, recordedLinkId, type RecordedDocument } from "./event-link";
import { DOWNLOAD_REPEAT_SECONDS } from "../doors/limits";
import { identity } from "./viewer-figures";
import { completionPageCount } from "../../rules/completion";

/**
 * Records a download, with the link or room it came through, and its `document.downloaded` event in one transaction. Downloading can lift
 * the viewer to High Interest, so its level (and the milestone) is re-evaluated too. A viewer's
 * repeated downloads within DOWNLOAD_REPEAT_SECONDS are served but not recorded again; a reader
 * with no viewer yet counts as a new reader (`mayAddViewer`). `roomZipId` marks a document
 * downloaded in its room's ZIP, one id per archive. Returns whether it was recorded.
 */
export async function recordDownload(
  doc: RecordedDocument,
  access: Access,
  browserId: string,
  mayAddViewer: () => Promise<boolean>,
  roomZipId: string | null = null,
): Promise<boolean> {
  const found = await findViewer(db, doc, access, browserId);
  if (!found) {
    // Counted outside the transaction: the counters take their own connections.
    const once = await consumeRateLimit(`download:anonymous:${doc.id}:${browserId}`, now(), 1, DOWNLOAD_REPEAT_SECONDS);
    if (!once.allowed || !(await mayAddViewer())) return false;
  }
  return db.$transaction(async (tx) => {
    const at = now();
    if (found) {
      // One at a time per viewer, so two downloads at once cannot both pass the repeat check.
      await tx.$executeRaw`SELECT 1 FROM viewers WHERE id = ${found.id}::uuid FOR UPDATE`;
      const since = new Date(at.getTime() - DOWNLOAD_REPEAT_SECONDS * 1000);
      if (await tx.download.findFirst({ where: { viewerId: found.id, createdAt: { gt: since } }, select: { id: true } })) return false;
    }
    const viewer = found ? await tx.viewer.findUniqueOrThrow({ where: { id: found.id } }) : null;
    await tx.download.create({
      data: {
        documentId: doc.id,
        viewerId: viewer?.id ?? null,
        linkId: recordedLinkId(doc),
        roomId: doc.room?.id ?? null,
        roomLinkId: doc.room?.linkId ?? null,
        roomZipId,
        createdAt: at,
      },
    });
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
      teamId: doc.teamId,
      documentId: doc.id,
      type: "document.downloaded",
      at,
      data: {
        document: eventDocument(doc),
        link: eventLink(doc),
        room: eventRoom(doc),
        // Always present here (docs/contract-decisions.md): null for a reader who never gave an email.
        viewer: { email: viewer?.email ?? null, company_domain: viewer?.companyDomain ?? null, visit_number: visitNumber },
        // Only in a room's ZIP, as data.room only in a room: docs/api-contract.md's payload is unchanged elsewhere.
        download: { downloaded_at: at.toISOString(), ...(roomZipId && { room_zip: true as const }) },
      },
    });
    return true;
  });
}

/** The viewer this browser reads as: the one that passed the gate here, else the browser's own. */
async function findViewer(client: Tx, doc: RecordedDocument, access: Access, browserId: string): Promise<Viewer | null> {
  if (access.gateViewerId) {
    const viewer = await client.viewer.findUnique({ where: { id: access.gateViewerId } });
    if (viewer && viewer.documentId === doc.id) return viewer;
  }
  return client.viewer.findUnique({ where: { documentId_browserId: { documentId: doc.id, browserId } } });
}

/** `engagement.milestone`, once per viewer, the first time it reaches High Interest. */
async function recordMilestone(tx: Tx, doc: RecordedDocument, previousRank: number, viewer: Viewer, visitNumber: number, at: Date) {
  await recordEvent(tx, {
    teamId: doc.teamId,
    documentId: doc.id,
    at,
    type: "engagement.milestone",
    data: {
      document: eventDocument(doc),
      link: eventLink(doc),
      room: eventRoom(doc),
      viewer: {
        ...identity(viewer),
        engagement_label: levelOfRank(viewer.engagementRank).label,
        previous_label: levelOfRank(previousRank).label,
        completion: eventCompletion(viewer.completion),
        pages_viewed: viewer.pagesViewed,
        total_pages: completionPageCount(viewer.pagesViewed, viewer.completion, doc.pageCount),
        time_spent_seconds: eventSeconds(viewer.totalTimeSeconds),
        visit_number: visitNumber,
      },
      milestone: "high_interest",
    },
  });
}
