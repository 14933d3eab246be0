import { randomBytes } from "node:crypto";
import { createApiKey } from "../../../lib/auth/api-keys";
import { createUser } from "../../../lib/users/create-user";
import { createInvitation } from "../../../lib/users/invitations";
import "./database";

export type Account = { userId: string; teamId: string; email: string; password: string; key: string; auth: { Authorization: string } };

/**
 * A fresh owner account with an API key, made through the same domain functions as the CLI, so it
 * exists whatever SIGNUP says (the e2e server runs with the default: invite-only once any account exists).
 */
export async function newAccount(prefix = "owner"): Promise<Account> {
  const email = `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
  const password = "correct horse battery";
  const user = await createUser({ email, password });
  const { key } = await createApiKey({ teamId: user.personalTeamId, userId: user.id }, "e2e");
  return { userId: user.id, teamId: user.personalTeamId, email, password, key, auth: { Authorization: `Bearer ${key}` } };
}

/** The path of a sign-up link from a fresh inviter, as an owner would create under Settings → Invitations. */
export async function invitationPath(options: { email?: string; role?: "admin" | "member" } = {}): Promise<string> {
  const inviter = await newAccount("inviter");
  // An admin by default: the specs that sign up through one go on to manage keys and the webhook.
  const { token } = await createInvitation(
    { teamId: inviter.teamId, userId: inviter.userId, role: "owner", keyAccess: null, apiKeyId: null, address: null },
    { role: "admin", ...options },
  );
  return `/sign-up?invite=${token}`;
}
