import { db } from "../db/client";
import { ApiError } from "../errors";
import type { Document, Link } from "../generated/prisma/client";
import { now } from "../time";
import type { Access } from "./access";

/** The document as the viewer's routes see it: with the link it was opened through, once links resolve. */
type SharedDoc = Document & { link?: Pick<Link, "id"> | null };

/**
 * Records that this browser's reader accepted the document's agreement, as it reads now: their
 * email and viewer when they have passed the gate (a gate before page 1 comes first), the time and
 * the client address. Refused while the agreement is not what the reader is asked next.
 */
export async function acceptAgreement(doc: SharedDoc, access: Access, browserId: string, address: string): Promise<void> {
  if (!doc.agreement) throw new ApiError("not_found", "This document has no agreement to accept.");
  if (!access.passwordOk) throw new ApiError("forbidden", "Enter the document's password first.");
  if (!access.agreementDue && !access.agreementAccepted) throw new ApiError("forbidden", "Enter your email first.");
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
