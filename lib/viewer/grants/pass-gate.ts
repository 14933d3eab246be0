import { ApiError, invalidInput } from "../../errors";
import { recomputeAggregates } from "../../analytics/recompute-aggregates";
import { db } from "../../db/client";
import { holdLock, lockKeys } from "../../db/locks";
import { newViewerPublicId } from "../../ids";
import { eventDocument } from "../../documents/serialize";
import { now } from "../../time";
import { recordEvent } from "../../events/record-event";
import { eventSeconds } from "../../schemas/events";
import { type GateForm, gateFormSchema } from "../../schemas/viewer";
import { consumeRateLimit, rateLimitHeaders } from "../../rate-limit";
import type { Document } from "../../generated/prisma/client";
import { eventLink, eventRoom, recordedLinkId, type RecordedDocument } from "../tracking/event-link";
import { checkEmailRules } from "./email-rules";
import { sharedThingOf } from "../doors/door-refusal";
import { isFreeEmailDomain } from "./free-email";
import { GATE_NEW_READERS_PER_ADDRESS_PER_HOUR } from "../doors/limits";
import { completionPageCount } from "../../rules/completion";

/**
 * The gate form's email and name, once the document's rules admit the email: a valid address, a
 * work address when free email is blocked, and the allow and block lists. Nothing is recorded.
 */
export function admittedEmail(doc: Pick<Document, "blockFreeEmails" | "allowList" | "blockList">, input: unknown): GateForm {
  const parsed = gateFormSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error, { wording: "sentence" });
  const domain = parsed.data.email.split("@")[1]!;
  if (doc.blockFreeEmails && isFreeEmailDomain(domain)) {
    throw new ApiError(
      "validation_error",
      `Please use your work email address; ${domain} addresses are not accepted for this ${sharedThingOf(doc)}.`,
    );
  }
  checkEmailRules(doc, parsed.data.email);
  return parsed.data;
}

/**
 * Passing the email gate: identifies the viewer (joining an earlier viewer with the same email on
 * this document), records the lead once per (document, email) with the link it came through and its
 * `lead.captured` event, and returns what the gate grant is issued for. An email typed at the gate
 * is always recorded: the gate's own limits refuse (429) rather than open without a record. One
 * address may bring at most GATE_NEW_READERS_PER_ADDRESS_PER_HOUR emails new to the document.
 */
export async function passGate(
  doc: RecordedDocument,
  input: unknown,
  browserId: string,
  address: string,
): Promise<{ viewerId: string; email: string; leadCreated: boolean }> {
  const { email, name } = admittedEmail(doc, input);
  const domain = email.split("@")[1]!;

  const known = await db.viewer.findFirst({ where: { documentId: doc.id, email }, select: { id: true } });
  if (!known) {
    const newReaders = await consumeRateLimit(`gate:new:${doc.id}:${address}`, now(), GATE_NEW_READERS_PER_ADDRESS_PER_HOUR, 3600);
    if (!newReaders.allowed) {
      throw new ApiError("rate_limited", "Too many new readers from your network opened this document. Try again later.", {
        headers: rateLimitHeaders(newReaders),
      });
    }
  }

  return db.$transaction(async (tx) => {
    // One pass at a time per (document, email) and per (document, browser): parallel posts of one
    // new email would otherwise both create its viewer, and all but one fail on the unique index.
    // Always the email's lock first, so two passes never wait on each other in a circle.
    await holdLock(tx, lockKeys.gateEmail(doc.id, email));
    await holdLock(tx, lockKeys.gateBrowser(doc.id, browserId));
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
    } else if (byBrowser) {
      viewer = await tx.viewer.create({
        data: { publicId: newViewerPublicId(), documentId: doc.id, browserId: null, email, name: name || null, companyDomain: domain },
      });
    } else {
      // A beacon from this browser (ingest_track_batch, which takes no gate lock) may be inserting
      // its anonymous viewer right now: the pass then names that viewer, as it would have had the
      // beacon come first, instead of failing on the (document, browser) unique index.
      viewer = await tx.viewer.upsert({
        where: { documentId_browserId: { documentId: doc.id, browserId } },
        create: { publicId: newViewerPublicId(), documentId: doc.id, browserId, email, name: name || null, companyDomain: domain },
        update: { email, name: name || null, companyDomain: domain },
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
        teamId: doc.teamId,
        documentId: doc.id,
        type: "lead.captured",
        at: capturedAt,
        data: {
          document: eventDocument(doc),
          link: eventLink(doc),
          room: eventRoom(doc),
          lead: {
            email,
            name,
            company_domain: domain,
            pages_viewed: viewer.pagesViewed,
            total_pages: completionPageCount(viewer.pagesViewed, viewer.completion, doc.pageCount),
            time_spent_seconds: eventSeconds(viewer.totalTimeSeconds),
          },
        },
      });
    }
    return { viewerId: viewer.id, email, leadCreated: inserted === 1 };
  });
}
