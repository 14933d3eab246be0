import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { plural } from "../plural";
import { trashDaysLeft } from "../rules/trash";
import { now } from "../time";

export type TrashItem = {
  kind: "document" | "room";
  /** What restoring or deleting it for good is given: a document's `s-<code>`, a room's id. */
  id: string;
  title: string;
  /** What comes back with it: "12 pages · 2 versions · 3 links · 48 views", "5 documents · 2 links". */
  summary: string;
  deletedAt: Date;
  /** The member who deleted it, by name or email; null once their account is gone. */
  deletedBy: string | null;
  /** Whole days before the sweep deletes it for good. */
  daysLeft: number;
};

const person = (user: { name: string | null; email: string } | null) => (user ? user.name || user.email : null);

/** The team's Trash, most recently deleted first: its documents and rooms, who deleted each and the days left. */
export async function listTrash(teamId: string): Promise<TrashItem[]> {
  const at = now();
  const deletedBy = { select: { name: true, email: true } };
  const [documents, rooms] = await Promise.all([
    db.document.findMany({
      where: { teamId, deletedAt: { not: null } },
      include: { deletedBy, _count: { select: { versions: true, links: { where: { deletedAt: null } } } } },
    }),
    db.room.findMany({
      where: { teamId, deletedAt: { not: null } },
      include: {
        deletedBy,
        _count: { select: { documents: { where: { document: { deletedAt: null } } }, links: { where: { deletedAt: null } } } },
      },
    }),
  ]);
  const items: TrashItem[] = [
    ...documents.map((doc) => ({
      kind: "document" as const,
      id: apiShortCode(doc.code),
      title: doc.title,
      summary: [
        plural(doc.pageCount, "page"),
        plural(doc._count.versions, "version"),
        plural(doc._count.links, "link"),
        plural(doc.views, "view"),
      ].join(" · "),
      deletedAt: doc.deletedAt!,
      deletedBy: person(doc.deletedBy),
      daysLeft: trashDaysLeft(doc.deletedAt!, at),
    })),
    ...rooms.map((room) => ({
      kind: "room" as const,
      id: room.id,
      title: room.name,
      summary: [plural(room._count.documents, "document"), plural(room._count.links, "link")].join(" · "),
      deletedAt: room.deletedAt!,
      deletedBy: person(room.deletedBy),
      daysLeft: trashDaysLeft(room.deletedAt!, at),
    })),
  ];
  return items.sort((a, b) => b.deletedAt.getTime() - a.deletedAt.getTime() || a.id.localeCompare(b.id));
}
