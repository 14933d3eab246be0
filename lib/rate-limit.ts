import { db } from "./db/client";

/**
 * Fixed windows (60 seconds unless asked otherwise) aligned to the epoch, counted in PostgreSQL with one atomic upsert, so
 * the count is exact under concurrency and across app processes. Every request counts, including
 * refused ones, so a client hammering past the limit stays limited until the window resets.
 */
export const RATE_LIMIT = 100;
export const WINDOW_SECONDS = 60;

export type RateLimitState = {
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets. */
  reset: number;
  allowed: boolean;
  retryAfter: number;
  windowSeconds: number;
};

export async function consumeRateLimit(
  subject: string,
  now = new Date(),
  limit = RATE_LIMIT,
  windowSeconds = WINDOW_SECONDS,
): Promise<RateLimitState> {
  return rateLimitState(await countRequest(subject, now, windowSeconds), now, limit, windowSeconds);
}

/** Counts one request of `subject` in the window `now` falls in; the window's count, this one included. */
export async function countRequest(subject: string, now: Date, windowSeconds: number): Promise<number> {
  const window = rateLimitWindow(now, windowSeconds);
  // Without waiting for the disk flush (synchronous_commit off for this statement's transaction):
  // a counter lost in a database crash costs nothing, a flush per request costs milliseconds.
  const rows = await db.$queryRaw<Array<{ count: number }>>`
    INSERT INTO rate_limit_windows (key, window_start, expires_at, count)
    SELECT ${subject}, ${window.start}, ${window.end}, 1
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unflushed
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
    RETURNING count`;
  return rows[0]!.count;
}

/**
 * Takes back one counted request from each subject's window that `countedAt` fell in, for a
 * request that turned out not to be what the limit is about (a right password is no guess).
 */
export async function refundRateLimit(subjects: string[], countedAt: Date, windowSeconds: number): Promise<void> {
  const window = rateLimitWindow(countedAt, windowSeconds);
  await db.$executeRaw`
    UPDATE rate_limit_windows SET count = count - 1
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unflushed
    WHERE key = ANY(${subjects}::text[]) AND window_start = ${window.start} AND count > 0`;
}

/** The fixed window `now` falls in. */
export function rateLimitWindow(now: Date, windowSeconds: number): { start: Date; end: Date } {
  const startSeconds = Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds;
  return { start: new Date(startSeconds * 1000), end: new Date((startSeconds + windowSeconds) * 1000) };
}

/** What a window's count (this request included) means for the request. */
export function rateLimitState(count: number, now: Date, limit: number, windowSeconds: number): RateLimitState {
  const reset = rateLimitWindow(now, windowSeconds).end.getTime() / 1000;
  return {
    limit,
    remaining: Math.max(0, limit - count),
    reset,
    allowed: count <= limit,
    retryAfter: Math.max(1, reset - Math.floor(now.getTime() / 1000)),
    windowSeconds,
  };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const secondsLeft = String(state.retryAfter);
  return {
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(state.reset),
    // IETF draft-ietf-httpapi-ratelimit-headers
    "RateLimit-Policy": `"default";q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `"default";r=${state.remaining};t=${secondsLeft}`,
    ...(state.allowed ? {} : { "Retry-After": secondsLeft }),
  };
}
