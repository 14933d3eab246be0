import { withoutNul } from "../request/nul-characters";
import { optionalAccessRuleFields } from "./access-rules";
import { paginationQuery, paginationSchema, periodQuery } from "./common";
import { updateDocumentSchema } from "./documents";
import { linkName, unknownFields } from "./links";
import { accessLevel, groupLevelSchema, groupLinkField } from "./room-groups";
import { z } from "./zod";

/** Data rooms (issue 29): many of a team's documents behind one gate, in nested folders. */

export const MAX_ROOM_NAME_LENGTH = 200;
export const MAX_ROOM_DESCRIPTION_LENGTH = 2000;
export const MAX_FOLDER_NAME_LENGTH = 200;
/** A top-level folder is at depth 1. */
export const MAX_FOLDER_DEPTH = 8;
export const MAX_ROOM_FOLDERS = 1000;
export const MAX_ROOM_DOCUMENTS = 5000;

/** No preview gate in a room: its gate stands before any of its documents, or not at all. */
export const ROOM_GATE_TYPES = ["full", "none"] as const;

/** A room's settings, in the order the API shows them; a room link may override each. */
export const ROOM_SETTING_KEYS = [
  "email_gate",
  "gate_type",
  "allow_download",
  "password",
  "expires_at",
  "verify_email",
  "allow",
  "block",
  "watermark",
  "agreement",
] as const;

export type RoomSettingKey = (typeof ROOM_SETTING_KEYS)[number];

const documentFields = updateDocumentSchema.shape;

/** Trimmed, non-empty, at most `max` characters and free of NUL, in `name`'s words. */
const label = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .min(1, `${name} must not be empty`)
    .max(max, `${name} must be at most ${max} characters`)
    .refine(withoutNul, `${name} must not contain NUL characters`);

const roomName = label("name", MAX_ROOM_NAME_LENGTH).openapi({ example: "Series A data room" });
const folderName = label("name", MAX_FOLDER_NAME_LENGTH).openapi({ example: "Financials" });

const description = z
  .string({ error: "description must be a string" })
  .trim()
  .max(MAX_ROOM_DESCRIPTION_LENGTH, `description must be at most ${MAX_ROOM_DESCRIPTION_LENGTH} characters`)
  .refine(withoutNul, "description must not contain NUL characters")
  .openapi({ description: "Shown to readers above the room's contents; empty: none", example: "Everything for the diligence." });

const id = (name: string) => z.uuid({ error: `${name} must be an id (a UUID)` });

/** A position among siblings, from 0; one past the last (or more) puts it last. */
const position = z
  .number({ error: "position must be an integer from 0" })
  .int("position must be an integer from 0")
  .min(0, "position must be an integer from 0")
  .openapi({ description: "Its place among its siblings, from 0; past the last: last" });

/**
 * A room's settings as sent (creating or changing it), or a room link's overrides of them: a key
 * left out keeps the room's value (on a link: follows the room); `password` a string sets one, null
 * clears it (on a link: no password on this link); null for `expires_at`, `watermark` or `agreement`
 * means none.
 */
export const roomSettingsInput = z
  .strictObject(
    {
      email_gate: documentFields.email_gate,
      gate_type: z
        .enum(ROOM_GATE_TYPES, { error: "gate_type must be full or none: a room's gate stands before any of its documents" })
        .optional(),
      allow_download: documentFields.allow_download,
      password: documentFields.password,
      ...optionalAccessRuleFields,
    },
    unknownFields,
  )
  .openapi("RoomSettingsInput", {
    description: "A room's access rules; on a room link, the ones it overrides (the others follow the room)",
    example: { email_gate: true, gate_type: "full", verify_email: false, allow: ["acme.com"], watermark: "{email} · {date}" },
  });

export type RoomSettingsInput = z.infer<typeof roomSettingsInput>;

export const createRoomSchema = z
  .strictObject({ name: roomName, description: description.optional(), settings: roomSettingsInput.optional() }, unknownFields)
  .openapi("RoomCreate", { example: { name: "Series A data room", settings: { allow_download: false } } });

export type RoomCreate = z.infer<typeof createRoomSchema>;

export const updateRoomSchema = z
  .strictObject({ name: roomName.optional(), description: description.optional(), settings: roomSettingsInput.optional() }, unknownFields)
  .openapi("RoomUpdate", { example: { name: "Series A data room (final)", settings: { expires_at: "2026-12-31T23:59:59Z" } } });

export type RoomUpdate = z.infer<typeof updateRoomSchema>;

export const createFolderSchema = z
  .strictObject(
    {
      name: folderName,
      parent_id: id("parent_id").nullable().optional().openapi({ description: "The folder it goes in; null or left out: the top level" }),
    },
    unknownFields,
  )
  .openapi("RoomFolderCreate", { example: { name: "Financials", parent_id: null } });

export type FolderCreate = z.infer<typeof createFolderSchema>;

export const updateFolderSchema = z
  .strictObject(
    {
      name: folderName.optional(),
      parent_id: id("parent_id")
        .nullable()
        .optional()
        .openapi({ description: "Moves it into this folder (null: the top level); never into itself or its subfolders" }),
      position: position.optional(),
    },
    unknownFields,
  )
  .openapi("RoomFolderUpdate", { example: { parent_id: null, position: 0 } });

export type FolderUpdate = z.infer<typeof updateFolderSchema>;

export const addRoomDocumentSchema = z
  .strictObject(
    {
      short_code: z
        .string({ error: "short_code must be a string" })
        .max(12, "short_code must be a document's short code")
        .openapi({ description: "One of the team's documents: `s-<code>` or `<code>`", example: "s-k3j9x0q2ab" }),
      folder_id: id("folder_id")
        .nullable()
        .optional()
        .openapi({ description: "The folder it goes in, last; null or left out: the top level" }),
    },
    unknownFields,
  )
  .openapi("RoomDocumentAdd", { example: { short_code: "s-k3j9x0q2ab", folder_id: null } });

export type RoomDocumentAdd = z.infer<typeof addRoomDocumentSchema>;

export const moveRoomDocumentSchema = z
  .strictObject(
    {
      folder_id: id("folder_id").nullable().optional().openapi({ description: "Moves it into this folder (null: the top level)" }),
      position: position.optional(),
    },
    unknownFields,
  )
  .openapi("RoomDocumentMove", { example: { folder_id: "0b6f2c1e-6d1b-4f7e-9a8e-3c2d1b0a9f8e", position: 0 } });

export type RoomDocumentMove = z.infer<typeof moveRoomDocumentSchema>;

export const createRoomLinkSchema = z
  .strictObject({ name: linkName, settings: roomSettingsInput.optional(), group_id: groupLinkField.optional() }, unknownFields)
  .openapi("RoomLinkCreate", {
    example: { name: "Sequoia — Jane", settings: { expires_at: "2026-12-31T23:59:59Z", allow: ["sequoia.com"] } },
  });

export type RoomLinkCreate = z.infer<typeof createRoomLinkSchema>;

export const updateRoomLinkSchema = z
  .strictObject(
    {
      name: linkName.optional(),
      is_active: z
        .boolean({ error: "is_active must be a boolean" })
        .optional()
        .openapi({ description: "false disables the link (readers are refused); true enables it again" }),
      settings: roomSettingsInput.optional(),
      inherit: z
        .array(z.enum(ROOM_SETTING_KEYS, { error: `inherit entries must be among ${ROOM_SETTING_KEYS.join(", ")}` }), {
          error: "inherit must be an array of setting names",
        })
        .optional()
        .openapi({ description: "Settings that stop being overridden and follow the room again" }),
      group_id: groupLinkField.optional(),
    },
    unknownFields,
  )
  .superRefine((update, ctx) => {
    for (const key of update.inherit ?? []) {
      if (update.settings && key in update.settings) {
        ctx.addIssue({ code: "custom", path: ["inherit"], message: `${key} is both set in settings and listed in inherit` });
      }
    }
  })
  .openapi("RoomLinkUpdate", {
    example: { name: "Sequoia — Jane (partners)", settings: { watermark: "{email} · {date}" }, inherit: ["allow_download"] },
  });

export type RoomLinkUpdate = z.infer<typeof updateRoomLinkSchema>;

export const listRoomsQuery = paginationQuery;
export const listRoomLinksQuery = paginationQuery;

const uuidParam = (name: string, description: string) =>
  z.uuid().openapi({ param: { name, in: "path", description }, example: "6f1c2b7e-8d4a-4c3b-9e2f-1a0b9c8d7e6f" });

/** Path segments: one that is not a UUID names nothing (404, like an unknown one). */
export const roomIdParam = uuidParam("id", "The room's id");
export const folderIdParam = uuidParam("folder_id", "The folder's id");
/** A room link is named by its code, as a document's link is; a code of another room's link names nothing here. */
export const roomLinkCodeParam = z.string().openapi({
  param: { name: "code", in: "path", description: "The room link's code (`/s/<code>`)" },
  example: "p4x8m2k7qa",
});

export const roomSettingsSchema = z
  .object({
    email_gate: z.boolean(),
    gate_type: z.enum(ROOM_GATE_TYPES),
    allow_download: z.boolean(),
    password: z.boolean().openapi({ description: "Whether readers need a password" }),
    expires_at: z.string().nullable().openapi({ format: "date-time", description: "Afterwards the room answers 410; null: never" }),
    verify_email: z.boolean(),
    allow: z.array(z.string()),
    block: z.array(z.string()),
    watermark: z.string().nullable(),
    agreement: z.string().nullable(),
  })
  .openapi("RoomSettings", { description: "A room's access rules: one gate before every document in it" });

export const roomSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().openapi({ description: "Additive, not in the issue's room object" }),
    code: z.string().openapi({ description: "The room's default link: `/s/<code>`", example: "r7m2x9k4pq" }),
    url: z.string().openapi({ example: "http://localhost:3000/s/r7m2x9k4pq" }),
    settings: roomSettingsSchema,
    documents_count: z.number().int(),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Room");

/** Computed from the room's order (lib/rooms/room-index.ts), so a move renumbers what it passes. */
const indexNumber = z.string().openapi({
  description:
    "Its index number in the room (additive): on each level the folders first, then the documents, numbered from 1 under the folder's own number; changes when items move",
  example: "3.2.1",
});

export const roomFolderSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    parent_id: z.uuid().nullable().openapi({ description: "null: at the top level" }),
    position: z.number().int().openapi({ description: "Its place among its siblings, from 0" }),
    index: indexNumber,
  })
  .openapi("RoomFolder");

export const roomDocumentSchema = z
  .object({
    short_code: z.string().openapi({ example: "s-k3j9x0q2ab" }),
    title: z.string(),
    page_count: z.number().int(),
    folder_id: z.uuid().nullable().openapi({ description: "null: at the top level" }),
    position: z.number().int().openapi({ description: "Its place among the documents of its folder, from 0" }),
    index: indexNumber,
  })
  .openapi("RoomDocument");

const groupLevels = z
  .array(groupLevelSchema)
  .openapi({ description: "Its level for each of the room's groups, in the order of `groups` (additive, issue 43)" });

export const roomDetailSchema = z
  .object({
    ...roomSchema.shape,
    groups: z
      .array(z.object({ id: z.uuid(), name: z.string(), default_access: accessLevel }).openapi("RoomGroupRef"))
      .openapi({ description: "The room's groups, oldest first (additive, issue 43)" }),
    folders: z
      .array(z.object({ ...roomFolderSchema.shape, access: groupLevels }).openapi("RoomDetailFolder"))
      .openapi({ description: "Every folder, each after its parent, siblings in order (additive)" }),
    documents: z.array(z.object({ ...roomDocumentSchema.shape, access: groupLevels }).openapi("RoomDetailDocument")).openapi({
      description: "Every document: the top level's first, then each folder's in the order of `folders`, each in order (additive)",
    }),
  })
  .openapi("RoomDetail");

export const roomListSchema = z.object({ rooms: z.array(roomSchema), pagination: paginationSchema }).openapi("RoomList");

export const roomLinkSchema = z
  .object({
    code: z.string().openapi({ example: "p4x8m2k7qa" }),
    url: z.string().openapi({ example: "http://localhost:3000/s/p4x8m2k7qa" }),
    name: z.string(),
    is_active: z.boolean(),
    settings: roomSettingsSchema,
    overrides: z
      .array(z.enum(ROOM_SETTING_KEYS))
      .openapi({ description: "The settings this link overrides; the others follow the room (additive)" }),
    group_id: z.uuid().nullable().openapi({ description: "The group it opens the room for; null: the whole room (additive, issue 43)" }),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("RoomLink", { description: "A room's link for one recipient; `settings`: the room's, with the link's overrides applied" });

export const roomLinkListSchema = z.object({ links: z.array(roomLinkSchema), pagination: paginationSchema }).openapi("RoomLinkList");

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
export const ROOM_ACTIVITY_KINDS = ["gate_passed", "agreement_accepted", "document_viewed", "download", "zip_download"] as const;
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
