import { randomBytes } from "node:crypto";
import { createApiKey } from "../../lib/auth/api-keys";
import { createUser } from "../../lib/users/create-user";
import "./database";

export type Account = { userId: string; email: string; password: string; key: string; auth: { Authorization: string } };

/** A fresh owner account with an API key, made through the same domain functions as the CLI. */
export async function newAccount(prefix = "owner"): Promise<Account> {
  const email = `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
  const password = "correct horse battery";
  const user = await createUser({ email, password });
  const { key } = await createApiKey(user.id, "e2e");
  return { userId: user.id, email, password, key, auth: { Authorization: `Bearer ${key}` } };
}
