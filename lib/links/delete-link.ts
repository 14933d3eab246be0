import { notFound } from "../errors";
import { db } from "../db/client";
import { now } from "../time";
import type { OwnedLink } from "./find-link";

/** Soft delete: the code keeps answering (410) and its visits, leads and downloads keep their link. */
export async function deleteLink(link: OwnedLink): Promise<void> {
  const { count } = await db.link.updateMany({ where: { id: link.id, deletedAt: null }, data: { deletedAt: now() } });
  if (count === 0) throw notFound("Link");
}
