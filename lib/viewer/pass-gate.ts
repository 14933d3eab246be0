import { z } from "zod";
import { ApiError } from "../errors";
import { recomputeAggregates } from "../analytics/recompute-aggregates";
import { db } from "../db/client";
import { newViewerPublicId } from "../ids";
import { eventDocument } from "../documents/serialize";
import { now } from "../time";
import { recordEvent } from "../events/record-event";
import { eventSeconds } from "../schemas/events";
import type { Document } from "../generated/prisma/client";
import { eventLink, recordedLinkId, type RecordedDocument } from "./event-link";
import { checkEmailRules } from "./email-rules";
import { isFreeEmailDomain } from "./free-email";

export const gateFormSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid email address, like name@company.com" }).max(254)),
  name: z.string().trim().max(100, "Keep the name under 100 characters").optional().default(""),
});

/**
 * The gate form's email and name, once the document's rules admit the email: a valid address, a
 * work address when free email is blocked, and the allow and block lists. Nothing is recorded.
 */
export function admittedEmail(doc: Document, input: unknown): z.infer<typeof gateFormSchema> {
  const parsed = gateFormSchema.safeParse(input);
  if (!parsed.success) throw new ApiError("validation_error", parsed.error.issues[0]!.message);
  const domain = parsed.data.email.split("@")[1]!;
  if (doc.blockFreeEmails && isFreeEmailDomain(domain)) {
    throw new ApiError("validation_error", `Please use your work email address; ${domain} addresses are not accepted for this document.`);
  }
  checkEmailRules(doc, parsed.data.email);
  return parsed.data;
}

/**
 * Passing the email gate: identifies the viewer (joining an earlier viewer with the same email on
 * this document), records the lead once per (document, email) with the link it came through and its
 * `lead.captured` event, and
 * returns the viewer the gate grant is issued for. When the email is new to the document and
 * `mayAddViewer` refuses (too many new readers from one address), the gate opens but nothing is
 * recorded: the grant names no viewer.
 */
export async function passGate(
  doc: RecordedDocument,
  input: unknown,
  browserId: string,
  mayAddViewer: () => Promise<boolean>,
): Promise<{ viewerId: string; leadCreated: boolean }> {
  const { email, name } = admittedEmail(doc, input);
  const domain = email.split("@")[1]!;

  const known = await db.viewer.findFirst({
    where: { documentId: doc.id, OR: [{ email }, { browserId, email: null }] },
    select: { id: true },
  });
  if (!known && !(await mayAddViewer())) return { viewerId: "", leadCreated: false };

  return db.$transaction(async (tx) => {
    const byEmail = await tx.viewer.findUnique({ where: { documentId_email: { documentId: doc.id, email } } });
    const byBrowser = await tx.viewer.findUnique({ where: { documentId_browserId: { documentId: doc.id, browserId } } });
    let viewer;
    if (byEmail) {
      viewer = byEmail;
      if (byBrowser && byBrowser.id !== byEmail.id && byBrowser.email === null) {
        // The same person read anonymously in this browser: their visits join the known viewer.
        // Renumbered after the known viewer's visits; moved through a high range first so the
        // unique (viewer, number) constraint never sees two visits with one number.
        const offset = byEmail.visits;
        const visits = await tx.visit.findMany({ where: { viewerId: byBrowser.id }, orderBy: { number: "desc" } });
        for (const visit of visits) {
          await tx.visit.update({ where: { id: visit.id }, data: { viewerId: byEmail.id, number: visit.number + offset + 1000 } });
        }
        await tx.$executeRaw`UPDATE visits SET number = number - 1000 WHERE viewer_id = ${byEmail.id}::uuid AND number > 1000`;
        await tx.download.updateMany({ where: { viewerId: byBrowser.id }, data: { viewerId: byEmail.id } });
        await tx.viewer.delete({ where: { id: byBrowser.id } });
        // The merged viewer's figures are rebuilt with the merge, never seen half done.
        await recomputeAggregates([doc.id], tx);
      }
      if (name && !byEmail.name) viewer = await tx.viewer.update({ where: { id: byEmail.id }, data: { name } });
    } else if (byBrowser && byBrowser.email === null) {
      viewer = await tx.viewer.update({ where: { id: byBrowser.id }, data: { email, name: name || null, companyDomain: domain } });
    } else {
      viewer = await tx.viewer.create({
        data: {
          publicId: newViewerPublicId(),
          documentId: doc.id,
          browserId: byBrowser ? null : browserId,
          email,
          name: name || null,
          companyDomain: domain,
        },
      });
    }

    const capturedAt = now();
    const inserted = await tx.$executeRaw`
      INSERT INTO leads (document_id, viewer_id, email, name, company_domain, captured_at, link_id)
      VALUES (${doc.id}::uuid, ${viewer.id}::uuid, ${email}, ${name}, ${domain}, ${capturedAt}, ${recordedLinkId(doc)}::uuid)
      ON CONFLICT (document_id, email) DO NOTHING`;
    if (inserted === 1) {
      await tx.document.update({ where: { id: doc.id }, data: { leadsCount: { increment: 1 } } });
      await recordEvent(tx, {
        userId: doc.ownerId,
        documentId: doc.id,
        type: "lead.captured",
        at: capturedAt,
        data: {
          document: eventDocument(doc),
          link: eventLink(doc),
          lead: {
            email,
            name,
            company_domain: domain,
            pages_viewed: viewer.pagesViewed,
            total_pages: doc.pageCount,
            time_spent_seconds: eventSeconds(viewer.totalTimeSeconds),
          },
        },
      });
    }
    return { viewerId: viewer.id, leadCreated: inserted === 1 };
  });
}
