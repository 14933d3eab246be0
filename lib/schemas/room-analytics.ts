import { paginationQuery, paginationSchema, periodQuery } from "./common";
import { z } from "./zod";

/**
 * Reads in a room (issue 29; additive): the visits made in the room of the documents it holds now.
 * A room's viewer is one person across its documents: an email once given, else a browser.
 */

/** `since`/`until` as on a document's stats: only visits started in the window count. */
export const roomStatsQuery = periodQuery;
export const roomViewersQuery = z
  .object({ ...paginationQuery.shape, ...periodQuery.shape })
  .refine((q) => !q.since || !q.until || q.since < q.until, { message: "since must not be after until" });

/** The code a reader opened the room with: a room link, or the room's own code. */
const openedCode = {
  code: z.string().openapi({ example: "p4x8m2k7qa" }),
  name: z.string().nullable().openapi({ description: "The room link's name; null for the room's own code", example: "Sequoia — Jane" }),
};

const roomLinkRef = z.object(openedCode).openapi("RoomLinkRef", { description: "The code a reader opened the room with" });

const fraction = z.number().openapi({ description: "Fraction 0 to 1" });

export const roomDocumentStatsSchema = z
  .object({
    short_code: z.string().openapi({ example: "s-k3j9x0q2ab" }),
    title: z.string(),
    page_count: z.number().int(),
    views: z.number().int().openapi({ description: "Visits of the document in the room" }),
    unique_viewers: z.number().int(),
    total_time_seconds: z.number(),
    avg_time_seconds: z.number().openapi({ description: "Per visit" }),
    avg_completion: fraction.openapi({ description: "Mean of its viewers' completion in the room, fraction 0 to 1" }),
  })
  .openapi("RoomDocumentStats");

export const roomStatsSchema = z
  .object({
    views: z.number().int().openapi({ description: "Visits of the room's documents in the room" }),
    unique_viewers: z.number().int().openapi({ description: "An email when the reader gave one, else a browser" }),
    leads: z
      .number()
      .int()
      .openapi({ description: "Emails given at the room's gate (first given in the period), whether or not they went on to read" }),
    total_time_seconds: z.number(),
    avg_time_seconds: z.number().openapi({ description: "Per visit" }),
    downloads: z.number().int().openapi({
      description: "Downloads of the room's documents in the room, alone or in its ZIP (each document of a ZIP one download; additive)",
    }),
    zip_downloads: z.number().int().openapi({ description: "Whole-room ZIPs downloaded (additive)" }),
    documents: z.array(roomDocumentStatsSchema).openapi({ description: "Every document the room holds, in the room's order" }),
    links: z
      .array(z.object({ ...openedCode, views: z.number().int(), unique_viewers: z.number().int() }).openapi("RoomLinkStats"))
      .openapi({ description: "The codes readers came through (the room's own and its links), most visits first" }),
  })
  .openapi("RoomStats");

export const roomViewerDocumentSchema = z
  .object({
    short_code: z.string().openapi({ example: "s-k3j9x0q2ab" }),
    title: z.string(),
    viewer_id: z
      .string()
      .openapi({ description: "The document's viewer record this reading is part of", example: "anon_3fK9sLm2QpX7aB1c" }),
    visits: z.number().int(),
    pages_viewed: z.number().int(),
    total_pages: z.number().int(),
    completion: fraction,
    total_time_seconds: z.number(),
    first_viewed_at: z.string().openapi({ format: "date-time" }),
    last_viewed_at: z.string().openapi({ format: "date-time" }),
    downloads: z.number().int().openapi({ description: "Their downloads of it in the room, alone or in the room's ZIP (additive)" }),
    zip_downloads: z.number().int().openapi({ description: "Of those, in the room's ZIP (additive)" }),
  })
  .openapi("RoomViewerDocument", { description: "A document they opened or downloaded in the room; a download alone counts no visit" });

export const roomViewerSchema = z
  .object({
    viewer_id: z.string().openapi({ description: "The viewer_id of their first reading in the room", example: "anon_3fK9sLm2QpX7aB1c" }),
    email: z.string().nullable().openapi({ description: "Null when they gave no email" }),
    name: z.string().nullable(),
    company_domain: z.string().nullable(),
    first_viewed_at: z.string().openapi({ format: "date-time" }),
    last_viewed_at: z.string().openapi({ format: "date-time" }),
    visits: z.number().int(),
    total_time_seconds: z.number(),
    documents_opened: z.number().int().openapi({ description: "Documents they read in the room (a download alone opens none)" }),
    links: z.array(roomLinkRef).openapi({ description: "The codes they came through, most recent first" }),
    documents: z.array(roomViewerDocumentSchema).openapi({ description: "The documents they opened or downloaded, most recent first" }),
    agreement_accepted_at: z.string().nullable().openapi({
      format: "date-time",
      description: "When they last accepted the room's agreement (by their email, or in their browser); null: never (additive)",
    }),
  })
  .openapi("RoomViewer");

export const roomViewerListSchema = z
  .object({ viewers: z.array(roomViewerSchema), total_viewers: z.number().int(), pagination: paginationSchema })
  .openapi("RoomViewerList");

/**
 * A room's activity record (issue 43; additive): every reader event in the room, one item each,
 * newest first. Kinds: the room's gate passed (the email's first time), its agreement accepted, a
 * document opened (one visit, with its pages and time), a document downloaded alone, the room's
 * ZIP downloaded (one item for the whole ZIP).
 */
export const ROOM_ACTIVITY_KINDS = [
  "gate_passed",
  "agreement_accepted",
  "document_viewed",
  "download",
  "zip_download",
  "question_asked",
] as const;
export type RoomActivityKind = (typeof ROOM_ACTIVITY_KINDS)[number];

export const roomActivityQuery = z
  .object({
    ...paginationQuery.shape,
    ...periodQuery.shape,
    kind: z
      .enum(ROOM_ACTIVITY_KINDS, {
        error: (issue) => `kind must be one of ${ROOM_ACTIVITY_KINDS.join(", ")} (got "${String(issue.input)}")`,
      })
      .optional()
      .openapi({ param: { name: "kind", in: "query", description: "Only this kind of event" } }),
    link: z
      .string()
      .max(12, "link must be a room link's code")
      .optional()
      .openapi({
        param: {
          name: "link",
          in: "query",
          description: "Only activity through this room link (its code); the room's own code means the room's default link. Unknown: 404",
        },
      }),
    email: z
      .string()
      .max(320, "email must be at most 320 characters")
      .optional()
      .openapi({ param: { name: "email", in: "query", description: "Only this reader's activity (the email, any case)" } }),
    short_code: z
      .string()
      .regex(/^(s-)?[a-z0-9]{10}$/, "short_code must be a document's short code (s-<code>)")
      .optional()
      .openapi({ param: { name: "short_code", in: "query", description: "Only activity on this document (`s-<code>` or `<code>`)" } }),
    group_id: z
      .uuid("group_id must be the id of one of the room's groups")
      .optional()
      .openapi({
        param: {
          name: "group_id",
          in: "query",
          description: "Only activity through the links of this group (the group each link belongs to now). Unknown: 404",
        },
      }),
  })
  .refine((q) => !q.since || !q.until || q.since < q.until, { message: "since must not be after until" });
export type RoomActivityQuery = z.infer<typeof roomActivityQuery>;

export const roomActivitySchema = z
  .object({
    id: z.uuid().openapi({
      description: "The record it was read from, with `kind` unique: a visit's, a download's, a ZIP's, an acceptance's or a gate's id",
    }),
    kind: z.enum(ROOM_ACTIVITY_KINDS),
    at: z.string().openapi({ format: "date-time" }),
    email: z
      .string()
      .nullable()
      .openapi({ description: "The reader's email when one is known (given at a gate, in this browser); else null" }),
    link: roomLinkRef,
    group: z
      .object({ id: z.uuid(), name: z.string().openapi({ example: "Bidder A" }) })
      .nullable()
      .openapi({
        description: "The group of the link it came through, as the link is now; null: a whole-room link or the room's own code (additive)",
      }),
    document: z
      .object({
        short_code: z.string().openapi({ example: "s-k3j9x0q2ab" }),
        title: z.string(),
        index: z
          .string()
          .nullable()
          .openapi({ description: "Its index number in the room now; null once it left the room", example: "3.2" }),
      })
      .nullable()
      .openapi({ description: "The document opened or downloaded; null for the gate, the agreement and the ZIP" }),
    pages: z.number().int().nullable().openapi({ description: "document_viewed: pages viewed in the visit; else null" }),
    seconds: z.number().nullable().openapi({ description: "document_viewed: reading time of the visit; else null" }),
    agreement_text: z
      .string()
      .nullable()
      .openapi({ description: "agreement_accepted: the text or URL accepted, as it was then; else null" }),
    documents_count: z.number().int().nullable().openapi({
      description:
        "zip_download: the documents of the ZIP recorded as the reader's downloads (one they downloaded in the 10 minutes before is not counted again); else null",
    }),
  })
  .openapi("RoomActivity");

export const roomActivityListSchema = z
  .object({ activity: z.array(roomActivitySchema), pagination: paginationSchema })
  .openapi("RoomActivityList");
