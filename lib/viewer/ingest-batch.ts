import { ApiError, invalidInput } from "../errors";
import { rateLimitWindow } from "../rate-limit";
import { LEVELS } from "../rules/engagement";
import { hotQuery } from "../db/client";
import { newEventId, newViewerPublicId } from "../ids";
import { eventDocument } from "../documents/serialize";
import { now } from "../time";
import type { Access } from "./access";
import { eventLink, eventRoom, recordedLinkId, type RecordedDocument } from "./event-link";
import type { NewViewerLimit } from "./limits";
import { trackBatchSchema } from "../schemas/viewer";
import { batchVersion } from "./batch-version";
import { planBatch, UnreadablePageError } from "./track-batch";
import { parseUserAgent } from "./user-agent";
import {
  CLOCK_SLACK_SECONDS,
  FIRST_BATCH_MAX_SECONDS,
  PAGE_VIEWED_SECONDS,
  REVISIT_AFTER_MS,
  VIEWED_DEBOUNCE_MS,
  VISIT_IDLE_MS,
} from "../rules/track-rules";

/**
 * `visit_id` is null when the batch was not recorded because the reader is past the new-readers cap.
 * `version`: the document's current version, so a page showing another one can offer a reload.
 */
export type IngestResult = { visit_id: string | null; applied: boolean; version: number };

type Outcome = "applied" | "repeated" | "capped" | "unknown_visit" | "batch_reused";

/** The rules the ingest statement applies, from track-rules.ts (its one source). */
const RULES = JSON.stringify({
  visit_idle_seconds: VISIT_IDLE_MS / 1000,
  viewed_debounce_seconds: VIEWED_DEBOUNCE_MS / 1000,
  revisit_after_seconds: REVISIT_AFTER_MS / 1000,
  page_viewed_seconds: PAGE_VIEWED_SECONDS,
  clock_slack_seconds: CLOCK_SLACK_SECONDS,
  first_batch_max_seconds: FIRST_BATCH_MAX_SECONDS,
});
const LABELS = LEVELS.map((level) => level.label);

const INGEST = `SELECT outcome, visit_id FROM ingest_track_batch(
  $1::uuid, $2::uuid, $3::int, $4::jsonb, $5::uuid, $6::text, $7::text, $8::text, $9::int, $10::timestamptz, $11::timestamptz,
  $12::text, $13::uuid, $14::int[], $15::float8[], $16::timestamptz, $17::text[], $18::jsonb, $19::text[],
  $20::text, $21::text, $22::text, $23::uuid, $24::jsonb, $25::int, $26::uuid, $27::uuid, $28::jsonb)`;

/**
 * Applies one batch of reading time in one statement (`ingest_track_batch`, prisma/functions/ingest_track_batch.sql):
 * page rows, the visit, the viewer's and the document's aggregates, the viewer's engagement level,
 * and the events the batch triggers. A batch id resent within BATCH_ID_MEMORY_MS is acknowledged
 * without being applied again. Time beyond the wall-clock since the visit's last batch is clamped;
 * pages the browser could not have been shown are refused. A batch from a browser the document has
 * not seen counts against `newViewers`; past it nothing is recorded. A visit started by the batch
 * records the device, browser and OS its `userAgent` names, and the link the reader came through
 * (a visit belongs to one link: reading through another starts a new visit), and for a read in a
 * room its room and room link, which a visit belongs to as it does to one link. A batch is of the
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
  const [row] = await hotQuery<{ outcome: Outcome; visit_id: string | null }>("ingest_track_batch", INGEST, [
    doc.id,
    doc.teamId,
    version.pageCount,
    JSON.stringify(eventDocument(doc)),
    access.gateViewerId,
    browserId,
    newViewerPublicId(),
    newViewers.key,
    newViewers.limit,
    window.start,
    window.end,
    batch.batch_id,
    batch.visit_id ?? null,
    plan.pages,
    plan.seconds,
    at,
    [newEventId(), newEventId(), newEventId(), newEventId()],
    RULES,
    LABELS,
    agent?.deviceType ?? null,
    agent?.browser ?? null,
    agent?.os ?? null,
    recordedLinkId(doc),
    JSON.stringify(eventLink(doc)),
    version.number,
    doc.room?.id ?? null,
    doc.room?.linkId ?? null,
    doc.room ? JSON.stringify(eventRoom(doc)) : null,
  ]);
  const result = row!;
  switch (result.outcome) {
    case "applied":
      return { visit_id: result.visit_id, applied: true, version: doc.version };
    case "repeated":
      return { visit_id: result.visit_id, applied: false, version: doc.version };
    case "capped":
      return { visit_id: null, applied: false, version: doc.version };
    case "batch_reused":
      throw new ApiError("validation_error", "batch_id was already used");
    default:
      throw new ApiError("not_found", "Unknown visit");
  }
}
