import { randomUUID } from "node:crypto";
import { ApiError } from "../errors";
import { waitDescription } from "../credentials/account-limits";
import { PASSWORD_GUESS_LIMITS } from "../credentials/password-guess-limits";
import { HashingBusyError } from "../credentials/hashing-gate";
import { errorResponse } from "./respond";

/**
 * next-auth answers every refused sign-in on its HTTP endpoint with a redirect to the sign-in
 * page. A refusal that is about time, not about the password (too many attempts, too busy), is
 * answered instead as what it is: 429 or 503 with Retry-After, identical for every email.
 */
export function refusedSignInResponse(response: Response, at: Date): Response | null {
  const location = response.headers.get("Location");
  if (!location) return null;
  const target = new URL(location, "http://localhost");
  if (target.pathname !== "/sign-in" || target.searchParams.get("error") !== "CredentialsSignin") return null;
  const code = target.searchParams.get("code");
  if (code === "busy") return errorResponse(new HashingBusyError(), randomUUID());
  if (code === "rate_limited") {
    // Both sign-in limits count in the same aligned windows, so either one reopens at the window's end.
    const window = PASSWORD_GUESS_LIMITS.windowSeconds;
    const seconds = Math.floor(at.getTime() / 1000);
    const retryAfter = Math.max(1, (Math.floor(seconds / window) + 1) * window - seconds);
    const tooMany = new ApiError("rate_limited", `Too many sign-in attempts. Try again in ${waitDescription(retryAfter)}.`, {
      headers: { "Retry-After": String(retryAfter) },
    });
    return errorResponse(tooMany, randomUUID());
  }
  return null;
}
