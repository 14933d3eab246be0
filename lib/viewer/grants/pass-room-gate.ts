import { db } from "../../db/client";
import { ApiError } from "../../errors";
import { consumeRateLimit, rateLimitHeaders } from "../../rate-limit";
import type { RoomShare } from "../rooms/public-room";
import { now } from "../../time";
import { GATE_NEW_READERS_PER_ADDRESS_PER_HOUR } from "../doors/limits";
import { admittedEmail } from "./pass-gate";

/**
 * Passing a room's gate: once the room's rules admit the email, the room's lead is recorded once per
 * (room, email), with the room link it was first given on. No viewer yet: each document the reader
 * opens in the room records its own (room-reader.ts), as reading it does. One address may bring at
 * most GATE_NEW_READERS_PER_ADDRESS_PER_HOUR emails new to the room.
 */
export async function passRoomGate(share: RoomShare, input: unknown, address: string, verified = false): Promise<{ email: string }> {
  const { email, name } = admittedEmail(share, input);
  const where = { roomId_email: { roomId: share.id, email } };
  const known = await db.roomLead.findUnique({ where, select: { id: true } });
  if (!known) {
    const newReaders = await consumeRateLimit(`gate:new:${share.id}:${address}`, now(), GATE_NEW_READERS_PER_ADDRESS_PER_HOUR, 3600);
    if (!newReaders.allowed) {
      throw new ApiError("rate_limited", "Too many new readers from your network opened this room. Try again later.", {
        headers: rateLimitHeaders(newReaders),
      });
    }
  }
  await db.roomLead.upsert({
    where,
    create: {
      roomId: share.id,
      roomLinkId: share.room.linkId,
      email,
      name,
      companyDomain: email.split("@")[1]!,
      verified,
      capturedAt: now(),
    },
    update: { ...(verified && { verified }), ...(name && { name }) },
  });
  return { email };
}
