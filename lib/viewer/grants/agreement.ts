import { db } from "../../db/client";
import { ApiError } from "../../errors";
import { consumeRateLimit, rateLimitHeaders } from "../../rate-limit";
import { now } from "../../time";
import type { Access, AccessSubject } from "./access";
import { openedColumns } from "../tracking/opened-subject";
import { NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR } from "../doors/limits";
import { sharedThingOf } from "../doors/door-refusal";

/** What the reader accepts on: a shared document, or a room (lib/viewer/rooms/public-room.ts). */
type SharedDoc = AccessSubject & { agreement: string | null };

/**
 * Records that this browser's reader accepted the document's agreement, as it reads now: their
 * email and viewer when they have passed the gate (a gate before page 1 comes first), the time and
 * the client address. Refused while the agreement is not what the reader is asked next, and past
 * the address's new acceptances (NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR); a browser's repeat
 * acceptance of the text it holds a grant for is on file already and records nothing.
 */
export async function acceptAgreement(doc: SharedDoc, access: Access, browserId: string, address: string): Promise<void> {
  const what = sharedThingOf(doc);
  if (!doc.agreement) throw new ApiError("not_found", `This ${what} has no agreement to accept.`);
  if (!access.passwordOk) throw new ApiError("forbidden", `Enter the ${what}'s password first.`);
  if (!access.agreementDue && !access.agreementAccepted) throw new ApiError("forbidden", "Enter your email first.");
  if (access.agreementAccepted) return;
  const fresh = await consumeRateLimit(`agreement:new:${doc.id}:${address}`, now(), NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR, 3600);
  if (!fresh.allowed) {
    throw new ApiError("rate_limited", "Too many readers from your network accepted this agreement. Try again later.", {
      headers: rateLimitHeaders(fresh),
    });
  }
  // A room's reader is known by the email given at the room's gate; each document records its own viewer.
  const viewer = doc.room
    ? null
    : access.gateViewerId
      ? await db.viewer.findUnique({ where: { id: access.gateViewerId }, select: { id: true, email: true } })
      : await db.viewer.findUnique({
          where: { documentId_browserId: { documentId: doc.id, browserId } },
          select: { id: true, email: true },
        });
  await db.agreementAcceptance.create({
    data: {
      ...openedColumns(doc),
      viewerId: viewer?.id ?? null,
      browserId,
      email: viewer?.email ?? access.gateEmail ?? null,
      address,
      agreement: doc.agreement,
      acceptedAt: now(),
    },
  });
}
