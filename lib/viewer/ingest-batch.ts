import { z } from "zod";
import { ApiError } from "../api/errors";
import { engagementRank, levelOfRank } from "../analytics/engagement";
import { db, type Tx } from "../db";
import type { Document, Viewer, Visit } from "../generated/prisma/client";
import { newViewerPublicId } from "../ids";
import { eventDocument } from "../documents/serialize";
import { now } from "../time";
import { recordEvent } from "../webhooks/record-event";
import type { Access } from "./access";
import { identity, viewedPayload } from "./viewer-figures";

/** Activity of the same viewer within this long continues the same visit (DECISIONS.md). */
export const VISIT_IDLE_MS = 30 * 60_000;
export const VIEWED_DEBOUNCE_MS = 30 * 60_000;
export const REVISIT_AFTER_MS = 24 * 3_600_000;
/** A page counts as viewed once it was in view this long. */
export const PAGE_VIEWED_SECONDS = 1;
/** Time a batch may claim beyond the wall-clock since the visit's last batch (network jitter). */
export const CLOCK_SLACK_SECONDS = 2;
/** The first batch of a visit may carry at most one flush interval and its slack. */
export const FIRST_BATCH_MAX_SECONDS = 15;
/** Batch ids are remembered this long (then pruned): a resend within it is acknowledged, not applied again. */
export const BATCH_ID_MEMORY_MS = 7 * 24 * 3_600_000;

export const trackBatchSchema = z.strictObject({
  batch_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "batch_id must be 8 to 64 letters, digits, _ or -"),
  visit_id: z.uuid().optional(),
  pages: z
    .array(
      z.strictObject({
        page: z.number().int().min(1),
        seconds: z.number().min(0, "seconds must not be negative").max(3600),
      }),
    )
    .max(500),
});

export type TrackBatch = z.infer<typeof trackBatchSchema>;
/** `visit_id` is null when the batch was not recorded because the reader is past the new-readers cap. */
export type IngestResult = { visit_id: string | null; applied: boolean };

/**
 * Applies one batch of reading time in one transaction: page rows, the visit, the viewer's and
 * the document's aggregates, the viewer's engagement level, and the events the batch triggers.
 * A batch id resent within BATCH_ID_MEMORY_MS is acknowledged without being applied again. Time
 * beyond the wall-clock since the visit's last batch is clamped; pages the browser could not have
 * been shown are refused.
 */
export async function ingestBatch(
  doc: Document,
  access: Access,
  browserId: string,
  input: unknown,
  mayAddViewer: () => Promise<boolean>,
): Promise<IngestResult> {
  const parsed = trackBatchSchema.safeParse(input);
  if (!parsed.success) {
    throw new ApiError("validation_error", parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; "));
  }
  const batch = parsed.data;
  for (const { page } of batch.pages) {
    if (page > access.readablePages) {
      throw new ApiError("validation_error", `page ${page} is not readable here (pages 1 to ${access.readablePages})`);
    }
  }

  // Asked before the transaction: the allowance takes its own connection, and transactions
  // waiting on connections held by other transactions would starve the pool.
  if (!(await findViewer(db, doc, access, browserId)) && !(await mayAddViewer())) return { visit_id: null, applied: false };

  return db.$transaction(async (tx) => {
    const at = now();
    // Batches of one viewer apply one at a time; the row is read again under the lock so that
    // concurrent batches never work from stale aggregates.
    const found = await findOrCreateViewer(tx, doc, access, browserId, at);
    await tx.$executeRaw`SELECT 1 FROM viewers WHERE id = ${found.id}::uuid FOR UPDATE`;
    const viewer = await tx.viewer.findUniqueOrThrow({ where: { id: found.id } });

    const existing = await tx.trackBatch.findUnique({ where: { id: batch.batch_id } });
    if (existing) {
      const visit = await tx.visit.findUnique({ where: { id: existing.visitId } });
      if (!visit || visit.viewerId !== viewer.id) throw new ApiError("not_found", "Unknown visit");
      return { visit_id: existing.visitId, applied: false };
    }

    let visit: Visit;
    let started = false;
    let previous: Visit | null = null;
    if (batch.visit_id) {
      const found = await tx.visit.findUnique({ where: { id: batch.visit_id } });
      if (!found || found.viewerId !== viewer.id || found.documentId !== doc.id) throw new ApiError("not_found", "Unknown visit");
      visit = found;
    } else {
      const latest = await tx.visit.findFirst({ where: { viewerId: viewer.id }, orderBy: { number: "desc" } });
      if (latest && at.getTime() - latest.lastActivityAt.getTime() < VISIT_IDLE_MS) {
        visit = latest;
      } else {
        previous = latest;
        started = true;
        visit = await tx.visit.create({
          data: { documentId: doc.id, viewerId: viewer.id, number: (latest?.number ?? 0) + 1, startedAt: at, lastActivityAt: at },
        });
      }
    }
    await tx.trackBatch.create({ data: { id: batch.batch_id, visitId: visit.id, receivedAt: at } }).catch((error: unknown) => {
      // The same id sent at the same moment for another viewer: refuse it rather than fail.
      if ((error as { code?: string }).code === "P2002") throw new ApiError("validation_error", "batch_id was already used");
      throw error;
    });

    // Never more reading time than wall-clock time since the visit's last batch.
    const claimed = batch.pages.reduce((sum, p) => sum + p.seconds, 0);
    const allowed = started
      ? FIRST_BATCH_MAX_SECONDS
      : Math.max(0, (at.getTime() - visit.lastActivityAt.getTime()) / 1000 + CLOCK_SLACK_SECONDS);
    const scale = claimed > allowed ? allowed / claimed : 1;
    const perPage = new Map<number, number>();
    for (const p of batch.pages) perPage.set(p.page, (perPage.get(p.page) ?? 0) + p.seconds * scale);
    const added = [...perPage.values()].reduce((a, b) => a + b, 0);

    for (const [page, seconds] of perPage) {
      await tx.$executeRaw`
        INSERT INTO page_times (visit_id, page, document_id, visit_started_at, seconds, viewed, updated_at)
        VALUES (${visit.id}::uuid, ${page}, ${doc.id}::uuid, ${visit.startedAt}, ${seconds}, ${seconds >= PAGE_VIEWED_SECONDS}, ${at})
        ON CONFLICT (visit_id, page) DO UPDATE SET
          seconds = page_times.seconds + EXCLUDED.seconds,
          viewed = page_times.viewed OR page_times.seconds + EXCLUDED.seconds >= ${PAGE_VIEWED_SECONDS},
          updated_at = EXCLUDED.updated_at`;
    }
    const [counts] = await tx.$queryRaw<Array<{ visit_pages: number; viewer_pages: number }>>`
      SELECT
        (SELECT count(*)::int FROM page_times WHERE visit_id = ${visit.id}::uuid AND viewed) AS visit_pages,
        (SELECT count(DISTINCT pt.page)::int FROM page_times pt JOIN visits v ON v.id = pt.visit_id
          WHERE v.viewer_id = ${viewer.id}::uuid AND pt.viewed) AS viewer_pages`;
    visit = await tx.visit.update({
      where: { id: visit.id },
      data: { totalTimeSeconds: { increment: added }, pagesViewed: counts!.visit_pages, lastActivityAt: at },
    });

    const visits = viewer.visits + (started ? 1 : 0);
    const pagesViewed = counts!.viewer_pages;
    const completion = Math.min(1, pagesViewed / doc.pageCount);
    const totalTime = viewer.totalTimeSeconds + added;
    const rank = engagementRank({ completion, readingSeconds: totalTime, pagesViewed, visits, downloaded: viewer.downloaded });
    const updated = await tx.viewer.update({
      where: { id: viewer.id },
      data: {
        visits,
        pagesViewed,
        completion,
        totalTimeSeconds: totalTime,
        engagementRank: rank,
        firstViewedAt: viewer.firstViewedAt ?? at,
        lastViewedAt: at,
      },
    });

    await updateDocumentAggregates(tx, doc, viewer, updated, { started, added });
    await recordTriggeredEvents(tx, doc, viewer, updated, { started, previous, visitNumber: visit.number, at });
    return { visit_id: visit.id, applied: true };
  });
}

/** The viewer this browser reads as: the one that passed the gate here, else the browser's own. */
export async function findViewer(client: Tx, doc: Document, access: Access, browserId: string): Promise<Viewer | null> {
  if (access.gateViewerId) {
    const viewer = await client.viewer.findUnique({ where: { id: access.gateViewerId } });
    if (viewer && viewer.documentId === doc.id) return viewer;
  }
  return client.viewer.findUnique({ where: { documentId_browserId: { documentId: doc.id, browserId } } });
}

async function findOrCreateViewer(tx: Tx, doc: Document, access: Access, browserId: string, at: Date): Promise<Viewer> {
  const existing = await findViewer(tx, doc, access, browserId);
  if (existing) return existing;
  await tx.$executeRaw`
    INSERT INTO viewers (id, public_id, document_id, browser_id, created_at)
    VALUES (gen_random_uuid(), ${newViewerPublicId()}, ${doc.id}::uuid, ${browserId}, ${at})
    ON CONFLICT (document_id, browser_id) DO NOTHING`;
  return tx.viewer.findUniqueOrThrow({ where: { documentId_browserId: { documentId: doc.id, browserId } } });
}

async function updateDocumentAggregates(
  tx: Tx,
  doc: Document,
  before: Viewer,
  after: Viewer,
  { started, added }: { started: boolean; added: number },
) {
  const firstVisit = started && before.visits === 0;
  await tx.$executeRaw`
    UPDATE documents SET
      views = views + ${started ? 1 : 0},
      unique_viewers = unique_viewers + ${firstVisit ? 1 : 0},
      total_time_seconds = total_time_seconds + ${added},
      completion_sum = completion_sum + ${after.completion - (before.visits > 0 ? before.completion : 0)},
      engagement_rank = greatest(engagement_rank, ${after.engagementRank}::smallint)
    WHERE id = ${doc.id}::uuid`;
  if (after.engagementRank < before.engagementRank) {
    // This viewer may have been the most engaged one: take the maximum over all viewers again.
    await tx.$executeRaw`
      UPDATE documents SET engagement_rank = (SELECT coalesce(max(engagement_rank), 0) FROM viewers WHERE document_id = ${doc.id}::uuid)
      WHERE id = ${doc.id}::uuid`;
  }
}

async function recordTriggeredEvents(
  tx: Tx,
  doc: Document,
  before: Viewer,
  viewer: Viewer,
  { started, previous, visitNumber, at }: { started: boolean; previous: Visit | null; visitNumber: number; at: Date },
) {
  const base = { userId: doc.ownerId, documentId: doc.id, at };
  const document = eventDocument(doc);
  const stamps: { lastViewedEventAt?: Date; completedEventAt?: Date; milestoneEventAt?: Date } = {};

  if (started && (!viewer.lastViewedEventAt || at.getTime() - viewer.lastViewedEventAt.getTime() >= VIEWED_DEBOUNCE_MS)) {
    await recordEvent(tx, { ...base, type: "document.viewed", data: { document, viewer: viewedPayload(viewer, doc.pageCount, visitNumber) } });
    stamps.lastViewedEventAt = at;
  }
  if (started && previous && at.getTime() - previous.lastActivityAt.getTime() >= REVISIT_AFTER_MS) {
    const firstViewedAt = viewer.firstViewedAt ?? previous.startedAt;
    await recordEvent(tx, {
      ...base,
      type: "viewer.revisited",
      data: {
        document,
        viewer: {
          ...identity(viewer),
          visit_number: visitNumber,
          first_viewed_at: firstViewedAt.toISOString(),
          hours_since_first_view: Math.round(((at.getTime() - firstViewedAt.getTime()) / 3_600_000) * 10) / 10,
          engagement_label: levelOfRank(viewer.engagementRank).label,
        },
      },
    });
  }
  if (viewer.completion >= 1 && !viewer.completedEventAt) {
    await recordEvent(tx, {
      ...base,
      type: "document.completed",
      data: {
        document,
        viewer: {
          ...identity(viewer),
          completion: 1.0,
          time_spent_seconds: Math.round(viewer.totalTimeSeconds * 100) / 100,
          visit_number: visitNumber,
        },
      },
    });
    stamps.completedEventAt = at;
  }
  if (viewer.engagementRank === 4 && !viewer.milestoneEventAt) {
    await recordMilestone(tx, doc, before.engagementRank, viewer, visitNumber, at);
    stamps.milestoneEventAt = at;
  }
  if (Object.keys(stamps).length) await tx.viewer.update({ where: { id: viewer.id }, data: stamps });
}

/** `engagement.milestone`, once per viewer, the first time it reaches High Interest. */
export async function recordMilestone(tx: Tx, doc: Document, previousRank: number, viewer: Viewer, visitNumber: number, at: Date) {
  await recordEvent(tx, {
    userId: doc.ownerId,
    documentId: doc.id,
    at,
    type: "engagement.milestone",
    data: {
      document: eventDocument(doc),
      viewer: {
        ...identity(viewer),
        engagement_label: levelOfRank(viewer.engagementRank).label,
        previous_label: levelOfRank(previousRank).label,
        completion: Math.round(viewer.completion * 10_000) / 10_000,
        pages_viewed: viewer.pagesViewed,
        total_pages: doc.pageCount,
        time_spent_seconds: Math.round(viewer.totalTimeSeconds * 100) / 100,
        visit_number: visitNumber,
      },
      milestone: "high_interest",
    },
  });
}
