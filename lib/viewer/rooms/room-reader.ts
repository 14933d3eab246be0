import { db } from "../../db/client";
import type { SharedDocument } from "../../links/shared-document";
import type { Access } from "../grants/access";
import { passGate } from "../grants/pass-gate";
import { markLeadVerified } from "../grants/verify-email";

/**
 * A reader of a document in a room, with the document's own viewer: the room's gate grant names an
 * email but no viewer, so the first beacon or download of each document records the reader as
 * passing that document's gate would (its viewer, its lead and `lead.captured`, verified when the
 * room's lead is), and every later one finds them. Outside rooms, for anonymous readers of a room
 * without a gate, and for readers who may not read the document yet (the room's password or
 * agreement still asked), the access is returned as it is: nothing is recorded for them.
 */
export async function withRoomReader(doc: SharedDocument, access: Access, browserId: string, address: string): Promise<Access> {
  if (!doc.room || !access.gateEmail || access.gateViewerId || access.ownerPreview || !access.fullFile) return access;
  const email = access.gateEmail;
  const known = await db.viewer.findUnique({ where: { documentId_email: { documentId: doc.id, email } }, select: { id: true } });
  if (known) return { ...access, gateViewerId: known.id };
  const roomLead = await db.roomLead.findUnique({ where: { roomId_email: { roomId: doc.room.id, email } } });
  const { viewerId } = await passGate(doc, { email, name: roomLead?.name ?? "" }, browserId, address);
  if (roomLead?.verified) await markLeadVerified(doc, email);
  return { ...access, gateViewerId: viewerId };
}
