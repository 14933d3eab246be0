import { withoutNul } from "../request/nul-characters";
import { optionalAccessRuleFields } from "./access-rules";
import { paginationQuery, paginationSchema } from "./common";
import { updateDocumentSchema } from "./documents";
import { linkName, unknownFields } from "./links";
import { accessLevel, groupLevelSchema, groupLinkField } from "./room-groups";
import { ROOM_SETTING_KEYS } from "./room-setting-keys";
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
      allow_questions: documentFields.allow_questions,
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
    allow_questions: z.boolean().openapi({ description: "Readers who passed the gate may ask the team questions (additive)" }),
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
