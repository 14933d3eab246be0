import type { Period } from "../schemas/common";
import type { Document } from "../generated/prisma/client";
import { documentReaders } from "./document-readers";
import type { ByLink } from "./document-stats";
import { agreementAcceptedAt } from "./agreement-accepted-at";
import { viewerTimelines } from "./viewer-timeline";

/**
 * One page of the dashboard's readers table (through one link, when given) with each reader's
 * visits of the period (through that link) and when they last accepted the agreement, keyed by
 * the readers' public ids.
 */
export async function readersWithVisits(doc: Document, period: Period, page: number, perPage: number, link?: ByLink) {
  const readers = await documentReaders(doc, period, page, perPage, link);
  const ids = readers.readers.map((r) => r.viewerId);
  const [timelines, accepted] = await Promise.all([viewerTimelines(doc.id, ids, period, link), agreementAcceptedAt(doc.id, ids)]);
  return { ...readers, timelines, accepted };
}
