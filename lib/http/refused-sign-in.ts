import { errorBody } from "../errors";
import { ACCOUNT_LIMITS, waitDescription } from "../credentials/account-limits";
import { HashingBusyError } from "../credentials/hashing-gate";

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
  if (code === "busy") {
    const busy = new HashingBusyError();
    return Response.json(errorBody(busy.code, busy.message), { status: busy.status, headers: busy.headers });
  }
  if (code === "rate_limited") {
    // Both sign-in limits count in the same aligned windows, so either one reopens at the window's end.
    const window = ACCOUNT_LIMITS.signIn.windowSeconds;
    const seconds = Math.floor(at.getTime() / 1000);
    const retryAfter = Math.max(1, (Math.floor(seconds / window) + 1) * window - seconds);
    return Response.json(errorBody("rate_limited", `Too many sign-in attempts. Try again in ${waitDescription(retryAfter)}.`), {
      status: 429,
      headers: { "Retry-After": String(retryAfter) },
    });
  }
  return null;
}
