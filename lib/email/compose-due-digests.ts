import { db, type Tx } from "../db/client";
import { config } from "../config";
import { now } from "../time";
import { brandedHtml, type EmailBrand } from "./branded-html";
import { DIGEST_MAX_LINES, type DigestReader, digestEmail } from "./digest-email";
import { digestWindowMs, keepWaitingUntil } from "./digest-schedule";
import { enqueueOwnerEmail } from "./enqueue-owner-email";

type DueDigest = { document_id: string; since: Date; news_at: Date | null; last_sent_at: Date | null };
type Outcome = "none" | "queued" | "waiting" | "cleared";

/**
 * Turns due digests into owner emails, one document per transaction. The digest row is claimed
 * with FOR UPDATE SKIP LOCKED, so two runner rounds never compose the same digest; the email is
 * queued and the digest cleared in one commit, so a crash leaves either both or neither. Returns
 * how many emails were queued.
 */
export async function composeDueDigests(limit = 50): Promise<number> {
  let queued = 0;
  for (let i = 0; i < limit; i++) {
    const outcome = await db.$transaction((tx) => composeNextDigest(tx));
    if (outcome === "none") break;
    if (outcome === "queued") queued++;
  }
  return queued;
}

async function composeNextDigest(tx: Tx): Promise<Outcome> {
  const at = now();
  const [digest] = await tx.$queryRaw<DueDigest[]>`
    SELECT document_id, since, news_at, last_sent_at FROM document_digests
    WHERE due_at <= ${at} ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED`;
  if (!digest) return "none";
  const where = { documentId: digest.document_id };
  const clear = (sent: boolean) =>
    tx.documentDigest.update({ where, data: { since: at, newsAt: null, dueAt: null, ...(sent && { lastSentAt: at }) } });

  const doc = await tx.document.findUnique({ where: { id: digest.document_id } });
  // The team's owner gets the digest, with their preferences in the team.
  const owner = doc && (await tx.teamMember.findFirst({ where: { teamId: doc.teamId, role: "owner" }, include: { user: true } }));
  if (!doc || !owner || doc.deletedAt || !doc.notificationsEnabled) {
    await clear(false);
    return "cleared";
  }
  const [reading] = await tx.$queryRaw<Array<{ last: Date | null }>>`
    SELECT max(last_viewed_at) AS last FROM viewers WHERE document_id = ${doc.id}::uuid`;
  const waitUntil = keepWaitingUntil(
    { at, lastReadingAt: reading?.last ?? null, newsAt: digest.news_at ?? at, lastSentAt: digest.last_sent_at },
    digestWindowMs(),
  );
  if (waitUntil) {
    await tx.documentDigest.update({ where, data: { dueAt: waitUntil } });
    return "waiting";
  }

  const readers = await activeReaders(tx, doc.id, digest.since, {
    leads: owner.notifyNewLeads,
    completions: owner.notifyCompletedReads,
  });
  if (readers.length === 0) {
    await clear(false);
    return "cleared";
  }
  const email = digestEmail(doc, readers, readers[0]!.total);
  const html = brandedHtml(email.body, await emailBrand(tx, doc));
  await enqueueOwnerEmail(tx, { userId: owner.userId, to: owner.user.email, ...email, html });
  await clear(true);
  return "queued";
}

/**
 * The readers who read since `since` (or became leads then, when the owner wants leads), the most
 * telling first: new leads, finished reads, known readers, the most engaged, the most recent. At
 * most DIGEST_MAX_LINES rows, each carrying the total count.
 */
function activeReaders(tx: Tx, documentId: string, since: Date, wants: { leads: boolean; completions: boolean }) {
  return tx.$queryRaw<Array<DigestReader & { total: number }>>`
    WITH new_leads AS (
      SELECT viewer_id FROM leads
      WHERE document_id = ${documentId}::uuid AND captured_at >= ${since} AND ${wants.leads}::boolean
    )
    SELECT
      v.email,
      v.pages_viewed AS "pagesViewed",
      v.total_time_seconds AS "totalTimeSeconds",
      v.id IN (SELECT viewer_id FROM new_leads) AS "newLead",
      ${wants.completions}::boolean AND coalesce(v.completed_event_at >= ${since}, false) AS finished,
      count(*) OVER ()::int AS total
    FROM viewers v
    WHERE v.document_id = ${documentId}::uuid
      AND (v.last_viewed_at >= ${since} OR v.id IN (SELECT viewer_id FROM new_leads))
    ORDER BY "newLead" DESC, finished DESC, (v.email IS NOT NULL) DESC, v.engagement_rank DESC,
      v.last_viewed_at DESC NULLS LAST, v.id
    LIMIT ${DIGEST_MAX_LINES}`;
}

/** The document's team's brand for its digest; the logo through the document's own link (lib/branding's route). */
async function emailBrand(tx: Tx, doc: { teamId: string; code: string }): Promise<EmailBrand> {
  const team = await tx.team.findUniqueOrThrow({
    where: { id: doc.teamId },
    select: { name: true, accentColor: true, hidePagewiseMark: true, logoHash: true },
  });
  return {
    teamName: team.name,
    accentColor: team.accentColor,
    hidePagewiseMark: team.hidePagewiseMark,
    logoUrl: team.logoHash && `${config().APP_URL}/s/${doc.code}/logo?v=${team.logoHash}`,
  };
}
