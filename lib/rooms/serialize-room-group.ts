import type { z } from "zod";
import { db, type Tx } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import type { roomGroupSchema } from "../schemas/room-groups";

const groupFields = {
  access: { select: { folderId: true, level: true, document: { select: { code: true } } } },
  _count: { select: { links: { where: { deletedAt: null } } } },
} as const;

/** The room's groups as the API shows them, oldest first (`groupId`: only that one). */
export async function roomGroupEntries(roomId: string, groupId?: string, client: Tx = db): Promise<z.input<typeof roomGroupSchema>[]> {
  const groups = await client.roomGroup.findMany({
    where: { roomId, ...(groupId && { id: groupId }) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: groupFields,
  });
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    default_access: group.defaultAccess,
    access: group.access
      .map((entry) => ({
        folder_id: entry.folderId,
        short_code: entry.document ? apiShortCode(entry.document.code) : null,
        level: entry.level,
      }))
      // Folders first, then documents, each in a stable order.
      .sort((a, b) => Number(a.folder_id === null) - Number(b.folder_id === null) || sortKey(a).localeCompare(sortKey(b))),
    links_count: group._count.links,
    created_at: group.createdAt.toISOString(),
  }));
}

const sortKey = (entry: { folder_id: string | null; short_code: string | null }) => entry.folder_id ?? entry.short_code ?? "";

/** One group as the API shows it. */
export async function roomGroupEntry(roomId: string, groupId: string, client: Tx = db): Promise<z.input<typeof roomGroupSchema>> {
  const [entry] = await roomGroupEntries(roomId, groupId, client);
  return entry!;
}
