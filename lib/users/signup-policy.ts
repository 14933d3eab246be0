import { config } from "../config";
import { db, type Tx } from "../db/client";

export type SignupPolicy = "open" | "invite" | "closed";

/**
 * Who may sign up. `SIGNUP` decides when set; unset, sign-up is open until the first account
 * exists (so a fresh install can be claimed from the browser) and invite-only from then on.
 */
export async function signupPolicy(client: Tx = db): Promise<SignupPolicy> {
  const configured = config().SIGNUP;
  if (configured) return configured;
  const anyAccount = await client.user.findFirst({ select: { id: true } });
  return anyAccount ? "invite" : "open";
}
