import { z } from "./zod";

/** What the Trash restores or deletes for good: a document by its short code, a room by its id. */
export const trashTargetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("document"), id: z.string().max(64) }),
  z.object({ kind: z.literal("room"), id: z.uuid() }),
]);
export type TrashTarget = z.infer<typeof trashTargetSchema>;
