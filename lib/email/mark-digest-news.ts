import type { Tx } from "../db/client";
import type { TeamMember } from "../generated/prisma/client";
import { READER_QUIET_MS, digestWindowMs } from "./digest-schedule";

/** Views and readers' questions are always news for a member's digest; new leads and finished reads when they want them (their preferences in the team). */
export function isDigestNews(type: string, member: Pick<TeamMember, "notifyNewLeads" | "notifyCompletedReads">): boolean {
  if (type === "document.viewed" || type === "question.asked") return true;
  if (type === "lead.captured") return member.notifyNewLeads;
  if (type === "document.completed") return member.notifyCompletedReads;
  return false;
}

/**
 * Marks a document's digest as having news, in the transaction that dispatches the events that
 * are the news, so a crash loses neither. The first news after a quiet spell makes the digest due
 * after READER_QUIET_MS (the runner then waits while someone is still reading); later news keeps
 * the time already set. Never due sooner than one window after the previous digest. `since` is
 * the earliest news event's time: activity from then on belongs in the digest.
 */
export async function markDigestNews(tx: Tx, documentId: string, since: Date, at: Date) {
  await tx.$executeRaw`
    INSERT INTO document_digests (document_id, since, news_at, due_at)
    VALUES (${documentId}::uuid, ${since}, ${at}, ${new Date(at.getTime() + READER_QUIET_MS)})
    ON CONFLICT (document_id) DO UPDATE SET
      since = LEAST(document_digests.since, EXCLUDED.since),
      news_at = coalesce(document_digests.news_at, EXCLUDED.news_at),
      due_at = coalesce(
        document_digests.due_at,
        GREATEST(EXCLUDED.due_at, document_digests.last_sent_at + ${digestWindowMs()}::float8 * interval '1 millisecond')
      )`;
}
