import { notFound } from "../errors";
import type { Tx } from "../db/client";
import type { Room } from "../generated/prisma/client";

/**
 * The room's row, locked for the rest of `tx`: changes of one room (its settings, folders,
 * documents, links) queue behind each other, so limits, cycles and orders are checked against what
 * is there. 404 when the room was deleted meanwhile.
 */
export async function lockRoom(tx: Tx, roomId: string): Promise<Room> {
  const locked = await tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT id FROM rooms WHERE id = ${roomId}::uuid AND deleted_at IS NULL FOR UPDATE`;
  if (locked.length === 0) throw notFound("Room");
  return tx.room.findUniqueOrThrow({ where: { id: roomId } });
}
