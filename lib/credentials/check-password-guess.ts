import { setTimeout as sleep } from "node:timers/promises";
import { alertOwnerOfGuessing } from "./guessing-alert";
import { countPasswordGuess } from "./password-guess-limits";

export type PasswordGuessOutcome = { status: "match" } | { status: "mismatch" } | { status: "rate_limited"; retryAfter: number };

/** How a slowed attempt waits. Tests pass one that records the wait instead of sleeping. */
export type Wait = (ms: number) => Promise<unknown>;

/**
 * One password guess for `email` from `address`, held to the guess limits
 * (lib/credentials/password-guess-limits.ts). A slowed attempt waits on a timer alone, before
 * `verify` takes a hashing slot and outside any transaction, so a waiting attempt holds neither a
 * database connection nor a hash. `owner` is the account the email belongs to, if any: it is told
 * when the email's guesses pass the ceiling.
 */
export async function checkPasswordGuess(
  guess: { email: string; address: string; owner: { id: string; email: string } | null },
  verify: () => Promise<boolean>,
  wait: Wait = sleep,
): Promise<PasswordGuessOutcome> {
  const counted = await countPasswordGuess(guess);
  if (!counted.allowed) return { status: "rate_limited", retryAfter: counted.retryAfter };
  // The alert's one short transaction runs during the wait, so it adds no time an attacker could measure.
  await Promise.all([
    counted.delayMs > 0 && wait(counted.delayMs),
    counted.ceilingPassed && guess.owner && alertOwnerOfGuessing(guess.owner, counted.window),
  ]);
  if (!(await verify())) return { status: "mismatch" };
  await counted.forgive();
  return { status: "match" };
}
