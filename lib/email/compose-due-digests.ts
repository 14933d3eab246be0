import { db, type Tx } from "../db/client";
import { now } from "../time";
import { brandedHtml, type EmailBrand } from "./branded-html";
import { teamEmailBrand } from "./team-email-brand";
import { DIGEST_MAX_LINES, type DigestQuestion, type DigestReader, type DigestUpdate, digestEmail } from "./digest-email";
import { digestWindowMs, keepWaitingUntil } from "./digest-schedule";
import { digestMembers, getsDigestOf } from "./digest-recipients";
import { enqueueOwnerEmail } from "./enqueue-owner-email";

type DueDigest = { document_id: string; since: Date; news_at: Date | null; last_sent_at: Date | null };
type Outcome = "none" | "queued" | "waiting" | "cleared";

/**
 * Turns due digests into emails to the members who get them, one document per transaction. The
 * digest row is claimed with FOR UPDATE SKIP LOCKED, so two runner rounds never compose the same
 * digest; every member's email is queued and the digest cleared in one commit, so a crash leaves
 * either all of them or none. Returns how many digests brought at least one email.
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
  // Each member who gets this document's digests, with their own preferences in its team.
  const recipients = doc ? (await digestMembers(tx, [doc.teamId])).filter((m) => getsDigestOf(m, doc)) : [];
  if (!doc || recipients.length === 0 || doc.deletedAt || !doc.notificationsEnabled) {
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

  // Members with the same preferences read the same report: at most four reads, whatever the team's size.
  const reports = new Map<string, Array<DigestReader & { total: number; news: boolean }>>();
  let queued = false;
  let brand: EmailBrand | undefined;
  let updates: DigestUpdate[] | undefined;
  const asked = await newQuestions(tx, doc.id, digest.since);
  for (const member of recipients) {
    const wants = { leads: member.notifyNewLeads, completions: member.notifyCompletedReads };
    const key = `${wants.leads}/${wants.completions}`;
    let readers = reports.get(key);
    if (!readers) reports.set(key, (readers = await activeReaders(tx, doc.id, digest.since, wants)));
    // Nothing this member wants to hear about (only news they turned off): no email for them.
    if (!readers[0]?.news && asked.length === 0) continue;
    updates ??= await versionUpdates(tx, doc.id, digest.last_sent_at ?? doc.createdAt);
    const email = digestEmail(doc, readers, readers[0]?.total ?? 0, updates, asked);
    brand ??= await teamEmailBrand(tx, doc);
    await enqueueOwnerEmail(tx, {
      userId: member.userId,
      teamId: doc.teamId,
      to: member.user.email,
      ...email,
      html: brandedHtml(email.body, brand),
    });
    queued = true;
  }
  await clear(queued);
  return queued ? "queued" : "cleared";
}

/**
 * The readers who read since `since` (or became leads then, when the member wants leads), the most
 * telling first: new leads, finished reads, known readers, the most engaged, the most recent. At
 * most DIGEST_MAX_LINES rows, each carrying the total count and whether any of them is news to
 * this member: a new view, or a new lead or finished read they want. Reading on in a visit the
 * previous digest reported is not news by itself; it only adds to a digest that has some.
 */
function activeReaders(tx: Tx, documentId: string, since: Date, wants: { leads: boolean; completions: boolean }) {
  return tx.$queryRaw<Array<DigestReader & { total: number; news: boolean }>>`
    WITH new_leads AS (
      SELECT viewer_id FROM leads
      WHERE document_id = ${documentId}::uuid AND captured_at >= ${since} AND ${wants.leads}::boolean
    ), active AS (
      SELECT
        v.*,
        v.id IN (SELECT viewer_id FROM new_leads) AS new_lead,
        ${wants.completions}::boolean AND coalesce(v.completed_event_at >= ${since}, false) AS finished_now
      FROM viewers v
      WHERE v.document_id = ${documentId}::uuid
        AND (v.last_viewed_at >= ${since} OR v.id IN (SELECT viewer_id FROM new_leads))
    )
    SELECT
      email,
      pages_viewed AS "pagesViewed",
      completion,
      total_time_seconds AS "totalTimeSeconds",
      new_lead AS "newLead",
      finished_now AS finished,
      coalesce(company_domain, split_part(email, '@', 2)) AS company,
      latest.room,
      latest.link,
      count(*) OVER ()::int AS total,
      bool_or(new_lead OR finished_now OR coalesce(last_viewed_event_at >= ${since}, false)) OVER () AS news
    FROM active
    -- The reader's latest visit names the data room it was in and the link (or room link) it came through.
    LEFT JOIN LATERAL (
      SELECT r.name AS room, coalesce(l.name, rl.name) AS link
      FROM visits vi
      LEFT JOIN rooms r ON r.id = vi.room_id
      LEFT JOIN links l ON l.id = vi.link_id
      LEFT JOIN room_links rl ON rl.id = vi.room_link_id
      WHERE vi.viewer_id = active.id ORDER BY vi.number DESC LIMIT 1
    ) latest ON true
    ORDER BY new_lead DESC, finished_now DESC, (email IS NOT NULL) DESC, engagement_rank DESC, last_viewed_at DESC NULLS LAST, id
    LIMIT ${DIGEST_MAX_LINES}`;
}

/** The versions that became current since `since` (the previous digest, or the upload), oldest first, from the document's `document.updated` events. */
async function versionUpdates(tx: Tx, documentId: string, since: Date): Promise<DigestUpdate[]> {
  const rows = await tx.$queryRaw<DigestUpdate[]>`
    SELECT (payload #>> '{data,version,number}')::int AS number,
           (payload #>> '{data,version,page_count}')::int AS "pageCount",
           (payload #>> '{data,version,restored}')::boolean AS restored
    FROM events
    WHERE document_id = ${documentId}::uuid AND type = 'document.updated' AND created_at >= ${since}
    ORDER BY created_at`;
  return rows;
}

/** Readers' questions about the document since `since`, oldest first, as many as a digest lists readers. */
function newQuestions(tx: Tx, documentId: string, since: Date): Promise<DigestQuestion[]> {
  return tx.question.findMany({
    where: { documentId, createdAt: { gte: since } },
    orderBy: { createdAt: "asc" },
    take: DIGEST_MAX_LINES,
    select: { askerEmail: true, page: true, text: true },
  });
}
