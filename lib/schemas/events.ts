import { gateMove } from "./versions";
import { z } from "./zod";

/**
 * The events of docs/api-contract.md §Events, one schema per kind: `recordEvent` is typed by
 * them, the OpenAPI document's `webhooks` section is built from them, and a test parses every
 * event the product records (including those built in SQL by the ingest statement) against them.
 */

/** The event kinds, in the contract's order. */
export const EVENT_KINDS = [
  "document.viewed",
  "document.completed",
  "lead.captured",
  "viewer.revisited",
  "engagement.milestone",
  "document.uploaded",
  "document.downloaded",
  "document.updated",
  "question.asked",
  "question.answered",
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

/** Kinds beyond the contract's seven (additive): sent only to webhooks that list them. */
const ADDITIVE_EVENT_KINDS: readonly EventKind[] = ["document.updated", "question.asked", "question.answered"];

/**
 * The kinds docs/api-contract.md names: a webhook saved without `events` receives these. Additive kinds
 * are sent only to webhooks that ask for them, so a receiver written against the contract never
 * meets a kind it does not know.
 */
export const DEFAULT_EVENT_KINDS: readonly EventKind[] = EVENT_KINDS.filter((kind) => !ADDITIVE_EVENT_KINDS.includes(kind));

const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-23T14:05:00.000Z" });

const eventDocumentSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    short_code: z.string().openapi({ description: "`s/<code>` in webhook payloads", example: "s/k3j9x0q2ab" }),
    url: z.string().openapi({ example: "https://docs.example.com/s/k3j9x0q2ab" }),
  })
  .openapi("EventDocument");

export type EventDocument = z.infer<typeof eventDocumentSchema>;

/** The share code the reader opened: a link (with its name) or the document's own short code (name null). */
const eventLinkSchema = z
  .object({
    code: z.string().openapi({ example: "q8w2m4n6p0" }),
    name: z
      .string()
      .nullable()
      .openapi({ description: "The link's name; null for the document's own short code", example: "Sequoia — Jane" }),
  })
  .openapi("EventLink");

export type EventLink = z.infer<typeof eventLinkSchema>;

/**
 * The data room the document was read in (issue 29; additive, not in docs/api-contract.md): present on the
 * events of a read in a room, absent otherwise. `code` is the room's own code, whichever room link
 * the reader opened.
 */
const eventRoomSchema = z
  .object({
    id: z.uuid(),
    name: z.string().openapi({ example: "Series A data room" }),
    code: z.string().openapi({ description: "The room's own code (`/s/<code>`)", example: "r7m2x9k4pq" }),
  })
  .openapi("EventRoom");

export type EventRoom = z.infer<typeof eventRoomSchema>;

/** email and company_domain appear once the reader has passed the email gate. */
const identity = {
  email: z.string().optional(),
  company_domain: z.string().nullable().optional(),
};

/** How far a reader got, as a lead's and a milestone's payloads say it. */
const readingProgress = {
  pages_viewed: z.number().int(),
  total_pages: z.number().int(),
  time_spent_seconds: z.number(),
};

/** Fractions to 4 places and seconds to 2, wherever an event carries them. */
export const eventCompletion = (completion: number) => Math.round(completion * 10_000) / 10_000;
export const eventSeconds = (seconds: number) => Math.round(seconds * 100) / 100;

/** What every event is about: the document, and the link it was read through. */
const subject = { document: eventDocumentSchema, link: eventLinkSchema };

/** What a reader's event is about: the subject, and the room when the document was read in one. */
const readSubject = { ...subject, room: eventRoomSchema.optional() };

const eventQuestionSchema = z
  .object({
    id: z.uuid(),
    text: z.string(),
    page: z.number().int().nullable().openapi({ description: "The page the reader was on; null: about the whole document or room" }),
    asker_email: z.string(),
    group_id: z.uuid().nullable().openapi({ description: "The room group whose link it was asked through; null: none" }),
    asked_at: timestamp,
  })
  .openapi("EventQuestion");

/**
 * What a question is about (issue 44, additive): the document (null for a question about a room
 * itself, the one kind of event without one), the code opened, and the room when asked in one.
 */
const questionSubject = {
  document: eventDocumentSchema.nullable().openapi({ description: "null: asked about a room itself" }),
  link: eventLinkSchema,
  room: eventRoomSchema.optional(),
};

export const EVENT_DATA = {
  "document.viewed": z.object({
    ...readSubject,
    viewer: z.object({
      ...identity,
      pages_viewed: z.number().int(),
      total_pages: z.number().int(),
      completion: z.number().min(0).max(1),
      time_spent_seconds: z.number(),
      engagement_label: z.string(),
      visit_number: z.number().int(),
    }),
  }),
  "document.completed": z.object({
    ...readSubject,
    viewer: z.object({ ...identity, completion: z.literal(1), time_spent_seconds: z.number(), visit_number: z.number().int() }),
  }),
  "lead.captured": z.object({
    ...readSubject,
    lead: z.object({
      email: z.string(),
      name: z.string().nullable(),
      company_domain: z.string().nullable(),
      ...readingProgress,
    }),
  }),
  "viewer.revisited": z.object({
    ...readSubject,
    viewer: z.object({
      ...identity,
      visit_number: z.number().int(),
      first_viewed_at: timestamp,
      hours_since_first_view: z.number(),
      engagement_label: z.string(),
    }),
  }),
  "engagement.milestone": z.object({
    ...readSubject,
    viewer: z.object({
      ...identity,
      engagement_label: z.string(),
      previous_label: z.string(),
      completion: z.number().min(0).max(1),
      ...readingProgress,
      visit_number: z.number().int(),
    }),
    milestone: z.literal("high_interest"),
  }),
  "document.uploaded": z.object({
    ...subject,
    upload: z.object({
      original_filename: z.string(),
      page_count: z.number().int(),
      size_bytes: z.number().int(),
      settings: z.record(z.string(), z.unknown()).openapi({ description: "The document's settings, as the API shows them" }),
    }),
  }),
  "document.downloaded": z.object({
    ...readSubject,
    viewer: z.object({
      email: z.string().nullable().openapi({ description: "null for a reader who never gave an email" }),
      company_domain: z.string().nullable(),
      visit_number: z.number().int(),
    }),
    download: z.object({
      downloaded_at: timestamp,
      room_zip: z
        .literal(true)
        .optional()
        .openapi({ description: "Present when the document was downloaded in its room's whole ZIP (additive); absent otherwise" }),
    }),
  }),
  "document.updated": z.object({
    ...subject,
    version: z.object({
      number: z.number().int().openapi({ description: "The version now current", example: 2 }),
      page_count: z.number().int(),
      size_bytes: z.number().int(),
      original_filename: z.string(),
      previous_number: z.number().int().openapi({ description: "The version current before", example: 1 }),
      restored: z.boolean().openapi({ description: "An earlier version made current again, rather than a new file" }),
    }),
    gate_page_clamped: gateMove.nullable().openapi({
      description: "The document's gate_page was past the new page count and stands on its last page while this version is current",
    }),
    gate_page_restored: gateMove.nullable().openapi({
      description:
        "The document's gate_page, moved down for a shorter version before, moved back up: to `chosen`, or to this version's last page when it is still shorter; null when unchanged",
    }),
  }),

  "question.asked": z.object({ ...questionSubject, question: eventQuestionSchema }),
  "question.answered": z.object({
    ...questionSubject,
    question: eventQuestionSchema,
    answer: z.object({
      id: z.uuid(),
      text: z.string(),
      visibility: z.enum(["asker", "group", "room"]),
      author_email: z.string().nullable(),
      answered_at: timestamp,
    }),
  }),
} satisfies Record<EventKind, z.ZodType>;

export type EventData<K extends EventKind> = z.infer<(typeof EVENT_DATA)[K]>;

/** The body of every delivery: one id across all attempts, the kind, when, and the kind's data. */
export function eventEnvelopeSchema<K extends EventKind>(kind: K) {
  return z.object({
    id: z
      .string()
      .regex(/^evt_[0-9A-Za-z]{24}$/)
      .openapi({ example: "evt_3kTq9WbZr0aXv7NcP2mLs8Hd" }),
    event: z.literal(kind),
    created_at: timestamp,
    data: EVENT_DATA[kind],
  });
}

export type EventEnvelope<K extends EventKind = EventKind> = { id: string; event: K; created_at: string; data: EventData<K> };

/** The event `POST /api/v1/webhooks/test` sends: no document, so outside EVENT_KINDS. */
export const webhookTestEventSchema = z.object({
  id: z.string(),
  event: z.literal("webhook.test"),
  created_at: timestamp,
  data: z.object({ webhook_id: z.uuid(), message: z.string() }),
});
