import { randomUUID } from "node:crypto";
import { ApiError, invalidInput } from "../../errors";
import { rateLimitWindow } from "../../rate-limit";
import { appendBeacon } from "../../beacons/append-beacons";
import { faultPoint } from "../../fault-point";
import { newEventId, newViewerPublicId } from "../../ids";
import { eventDocument } from "../../documents/serialize";
import { now } from "../../time";
import type { Access } from "../grants/access";
import { eventLink, eventRoom, recordedLinkId, type RecordedDocument } from "./event-link";
import type { NewViewerLimit } from "../doors/limits";
import { trackBatchSchema } from "../../schemas/viewer";
import { batchVersion } from "./batch-version";
import { planBatch, UnreadablePageError } from "./track-batch";
import { parseUserAgent } from "./user-agent";

/**
 * The beacon's answer. `visit_id`: the key of the visit the batch belongs to, to send with the next
 * batches (the one sent, else a new one). `applied`: the batch is durably recorded and will be
 * rolled up; false only for the owner previewing. `version`: the document's current version, so a
 * page showing another one can offer a reload. `seq`: the beacon's place in the append table.
 */
export type IngestResult = { visit_id: string; applied: boolean; version: number; seq: string };

/**
 * Records one batch of reading time: validated, checked against the pages this reader may have
 * been shown, and appended to the beacons table; the answer follows the durable append. The roll-up
 * (lib/beacons, prisma/functions/roll_up_beacons.sql) then applies it in order with the reader's
 * other beacons: page rows, the visit, the viewer's and the document's aggregates, the engagement
 * level and the events, with the rules of docs/contract-decisions.md. A batch id resent within
 * BATCH_ID_MEMORY_MS is applied once. Time beyond the wall-clock since the visit's last batch is
 * clamped. A batch from a browser the document has not seen counts against `newViewers`; past it
 * nothing is recorded. A visit started by the batch records the device, browser and OS its
 * `userAgent` names, the link the reader came through (a visit belongs to one link: reading through
 * another starts a new visit), and for a read in a room its room and room link. A batch is of the
 * version the beacon names when the document has it, else of the current one; its pages are
 * checked against that version's and a visit reads one version, like one link.
 */
export async function ingestBatch(
  doc: RecordedDocument,
  access: Access,
  browserId: string,
  input: unknown,
  newViewers: NewViewerLimit,
  userAgent: string | null = null,
): Promise<IngestResult> {
  const parsed = trackBatchSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const batch = parsed.data;
  const version = await batchVersion(doc, access, batch.version);
  let plan;
  try {
    plan = planBatch(batch.pages, version.readablePages);
  } catch (error) {
    if (error instanceof UnreadablePageError) throw new ApiError("validation_error", error.message);
    throw error;
  }

  const agent = parseUserAgent(userAgent);
  const at = now();
  const window = rateLimitWindow(at, newViewers.windowSeconds);
  const visitKey = batch.visit_id ?? randomUUID();
  const seq = await appendBeacon({
    received_at: at.toISOString(),
    document_id: doc.id,
    team_id: doc.teamId,
    version: version.number,
    page_count: version.pageCount,
    event_document: eventDocument(doc),
    gate_viewer_id: access.gateViewerId,
    browser_id: browserId,
    new_public_id: newViewerPublicId(),
    new_viewer_key: newViewers.key,
    new_viewer_limit: newViewers.limit,
    window_start: window.start.toISOString(),
    window_end: window.end.toISOString(),
    batch_id: batch.batch_id,
    visit_key: visitKey,
    pages: plan.pages,
    seconds: plan.seconds,
    event_ids: [newEventId(), newEventId(), newEventId(), newEventId()],
    device_type: agent?.deviceType ?? null,
    browser: agent?.browser ?? null,
    os: agent?.os ?? null,
    link_id: recordedLinkId(doc),
    event_link: eventLink(doc),
    room_id: doc.room?.id ?? null,
    room_link_id: doc.room?.linkId ?? null,
    event_room: doc.room ? eventRoom(doc) : null,
  });
  await faultPoint("beacons:appended");
  return { visit_id: visitKey, applied: true, version: doc.version, seq };
}
