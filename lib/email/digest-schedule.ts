import { config } from "../config";

/**
 * A reader's tracking reports every 10 s while they read; this long without a report means they
 * stopped, so the digest can tell how far they got.
 */
export const READER_QUIET_MS = 30_000;

export const digestWindowMs = () => config().NOTIFY_DIGEST_MINUTES * 60_000;

/**
 * When a due digest should be looked at again because someone is still reading; null when it is
 * to be composed now. It waits for READER_QUIET_MS of silence, but never past one window after
 * its first news (nor before one window after the previous digest), so readers who never stop
 * still get reported on time.
 */
export function keepWaitingUntil(
  digest: { at: Date; lastReadingAt: Date | null; newsAt: Date; lastSentAt: Date | null },
  windowMs: number,
): Date | null {
  if (!digest.lastReadingAt) return null;
  const latest = Math.max(digest.newsAt.getTime(), digest.lastSentAt?.getTime() ?? -Infinity) + windowMs;
  const quietAt = digest.lastReadingAt.getTime() + READER_QUIET_MS;
  const at = digest.at.getTime();
  if (quietAt <= at || latest <= at) return null;
  return new Date(Math.min(quietAt, latest));
}
