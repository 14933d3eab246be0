import { ApiError } from "../errors";
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from "../rate-limit";
import { now } from "../time";

/**
 * Questions one reader (their gate email) may ask one team in a day, and one client address in a
 * day across emails: a deal team reads each question, so a flood costs people, not only rows. A
 * real reader asks a handful; an office behind one address stays well inside the second.
 */
export const QUESTION_LIMITS = {
  perEmailPerTeam: 20,
  perAddress: 60,
  windowSeconds: 86_400,
} as const;

const limited = (state: RateLimitState, message: string) => new ApiError("rate_limited", message, { headers: rateLimitHeaders(state) });

/** Counts one question against the reader's and the address's daily budgets (429 past either). */
export async function countQuestion(teamId: string, email: string, address: string): Promise<void> {
  const at = now();
  const { perEmailPerTeam, perAddress, windowSeconds } = QUESTION_LIMITS;
  const byAddress = await consumeRateLimit(`question:address:${address}`, at, perAddress, windowSeconds);
  if (!byAddress.allowed) throw limited(byAddress, "Too many questions from this network today. Try again tomorrow.");
  const byEmail = await consumeRateLimit(`question:email:${teamId}:${email}`, at, perEmailPerTeam, windowSeconds);
  if (!byEmail.allowed) throw limited(byEmail, `You have asked ${perEmailPerTeam} questions today. Try again tomorrow.`);
}
