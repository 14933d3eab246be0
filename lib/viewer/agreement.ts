import { db } from "../db/client";
import { ApiError } from "../errors";
import type { Document, Link } from "../generated/prisma/client";
import { consumeRateLimit, rateLimitHeaders } from "../rate-limit";
import { now } from "../time";
import type { Access } from "./access";
import { NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR } from "./limits";

/** The document as the viewer's routes see it: with the link it was opened through, once links resolve. */
type SharedDoc = Document & { link?: Pick<Link, "id"> | null };

/**
 * Records that this browser's reader accepted the document's agreement, as it reads now: their
 * email and viewer when they have passed the gate (a gate before page 1 comes first), the time and
 * the client address. Refused while the agreement is not what the reader is asked next, and past
 * the address's new acceptances (NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR); a browser's repeat
 * acceptance of the text it holds a grant for is on file already and records nothing.
 */
export async function acceptAgreement(doc: SharedDoc, access: Access, browserId: string, address: string): Promise<void> {
  if (!doc.agreement) throw new ApiError("not_found", "This document has no agreement to accept.");
  if (!access.passwordOk) throw new ApiError("forbidden", "Enter the document's password first.");
  if (!access.agreementDue && !access.agreementAccepted) throw new ApiError("forbidden", "Enter your email first.");
  if (access.agreementAccepted) return;
  const fresh = await consumeRateLimit(`agreement:new:${doc.id}:${address}`, now(), NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR, 3600);
  if (!fresh.allowed) {
    throw new ApiError("rate_limited", "Too many readers from your network accepted this agreement. Try again later.", {
      headers: rateLimitHeaders(fresh),
    });
  }
  const viewer = access.gateViewerId
    ? await db.viewer.findUnique({ where: { id: access.gateViewerId }, select: { id: true, email: true } })
    : await db.viewer.findUnique({ where: { documentId_browserId: { documentId: doc.id, browserId } }, select: { id: true, email: true } });
  await db.agreementAcceptance.create({
    data: {
      documentId: doc.id,
      linkId: doc.link?.id ?? null,
      viewerId: viewer?.id ?? null,
      browserId,
      email: viewer?.email ?? null,
      address,
      agreement: doc.agreement,
      acceptedAt: now(),
    },
  });
}
