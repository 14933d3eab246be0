import { withoutNul } from "../request/nul-characters";
import { unknownFields } from "./links";
import { z } from "./zod";

/** A room's groups (issue 43): the parties of one room, each seeing its own folders and documents. */

export const MAX_ROOM_GROUPS = 100;
export const MAX_GROUP_NAME_LENGTH = 200;
/** A room holds at most 1000 folders and 5000 documents: one level on each fits. */
export const MAX_ACCESS_ENTRIES = 6000;

export const ROOM_ACCESS_LEVELS = ["none", "view", "download"] as const;

const levelWords = ROOM_ACCESS_LEVELS.join(", ");
const levels = () => z.enum(ROOM_ACCESS_LEVELS, { error: `level must be one of ${levelWords}` });
/** Where a level may be null it is written out: the document cannot make a shared component nullable in place. */
const nullableLevel = () => levels().nullable();

export const accessLevel = levels().openapi("RoomAccessLevel", {
  description:
    "none: invisible (not listed, not found, 404 by URL, not in the ZIP); view: read only; download: read and download (where the room allows downloads)",
});

const groupName = z
  .string({ error: "name must be a string" })
  .trim()
  .min(1, "name must not be empty")
  .max(MAX_GROUP_NAME_LENGTH, `name must be at most ${MAX_GROUP_NAME_LENGTH} characters`)
  .refine(withoutNul, "name must not contain NUL characters")
  .openapi({ example: "Bidder A" });

const defaultAccess = z
  .enum(ROOM_ACCESS_LEVELS, { error: `default_access must be one of ${levelWords}` })
  .openapi({ description: "The level of a top-level folder or document with none set, so of what is added later at the top level" });

const target = {
  folder_id: z.uuid({ error: "folder_id must be an id (a UUID)" }).optional().openapi({ description: "A folder of the room" }),
  short_code: z.string({ error: "short_code must be a string" }).optional().openapi({ description: "A document of the room" }),
};

const oneTarget = (entry: { folder_id?: string; short_code?: string }) =>
  (entry.folder_id === undefined) !== (entry.short_code === undefined);
const oneTargetMessage = { message: "each access entry names either folder_id or short_code" };

const accessEntries = <E extends z.ZodType>(entry: E) =>
  z
    .array(entry, { error: "access must be an array of { folder_id | short_code, level }" })
    .max(MAX_ACCESS_ENTRIES, `access holds at most ${MAX_ACCESS_ENTRIES} entries`);

const accessEntry = z
  .strictObject({ ...target, level: accessLevel }, unknownFields)
  .refine(oneTarget, oneTargetMessage)
  .openapi("RoomGroupAccessEntry", {
    description:
      "A level set on one folder or one document. Below the top level it may only lower what is inherited: `none` on a folder hides everything in it.",
  });

const accessChange = z
  .strictObject({ ...target, level: nullableLevel() }, unknownFields)
  .refine(oneTarget, oneTargetMessage)
  .openapi("RoomGroupAccessChange", { description: "A level to set on one folder or document; null: inherit again" });

export const createRoomGroupSchema = z
  .strictObject(
    {
      name: groupName,
      default_access: defaultAccess.optional().openapi({ description: "none when left out" }),
      access: accessEntries(accessEntry).optional(),
    },
    unknownFields,
  )
  .openapi("RoomGroupCreate", {
    example: { name: "Bidder A", default_access: "none", access: [{ folder_id: "0b6f2c1e-6d1b-4f7e-9a8e-3c2d1b0a9f8e", level: "view" }] },
  });
export type RoomGroupCreate = z.infer<typeof createRoomGroupSchema>;

export const updateRoomGroupSchema = z
  .strictObject(
    {
      name: groupName.optional(),
      default_access: defaultAccess.optional(),
      access: accessEntries(accessChange)
        .optional()
        .openapi({ description: "Merged: each entry sets (or with null clears) the level of its folder or document; the others stay" }),
    },
    unknownFields,
  )
  .openapi("RoomGroupUpdate", { example: { access: [{ short_code: "s-k3j9x0q2ab", level: "none" }] } });
export type RoomGroupUpdate = z.infer<typeof updateRoomGroupSchema>;

export const roomGroupIdParam = z
  .uuid()
  .openapi({ param: { name: "group_id", in: "path", description: "The group's id" }, example: "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b" });

export const roomGroupSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    default_access: accessLevel,
    access: z
      .array(
        z
          .object({ folder_id: z.uuid().nullable(), short_code: z.string().nullable(), level: accessLevel })
          .openapi("RoomGroupAccess", { description: "A level set on a folder (short_code null) or a document (folder_id null)" }),
      )
      .openapi({ description: "The levels set, folders first; everything else inherits" }),
    links_count: z.number().int().openapi({ description: "The room's links (not deleted) that belong to this group" }),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("RoomGroup", { description: "A party of a room: its links open only what its levels let through" });

export const roomGroupListSchema = z.object({ groups: z.array(roomGroupSchema) }).openapi("RoomGroupList");

/** A folder's or document's level for one group, in the room's detail. */
export const groupLevelSchema = z
  .object({
    group_id: z.uuid(),
    level: accessLevel.openapi({ description: "What the group's readers get" }),
    set: nullableLevel().openapi({ description: "The level set on it; null: inherited (or the group's default)" }),
    inherited: accessLevel.openapi({
      description: "What it gets with no level set on it: its folder's, or at the top level the group's default",
    }),
  })
  .openapi("RoomGroupLevel");

export const groupLinkField = z
  .uuid({ error: "group_id must be an id (a UUID)" })
  .nullable()
  .openapi({ description: "The room's group this link opens the room for; null: the whole room" });
