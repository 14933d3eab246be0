import type { z } from "zod";
import { hashPassword } from "../credentials/password-hash";
import { db, type Tx } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { newUserSchema } from "../schemas/users";

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`An account with ${email} already exists`);
    this.name = "EmailTakenError";
  }
}

const created = { id: true, email: true, name: true, createdAt: true } as const;

/** Inserts an account whose password is already hashed; EmailTakenError when the address has one. */
export async function insertUser(
  client: Tx,
  account: { email: string; name?: string | null; passwordHash: string; emailVerified?: Date | null },
) {
  try {
    return await client.user.create({
      data: {
        email: account.email,
        passwordHash: account.passwordHash,
        name: account.name || null,
        emailVerified: account.emailVerified ?? null,
      },
      select: created,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError(account.email);
    throw error;
  }
}

/**
 * An account made by an administrator (`npm run user:create`, the seed, tests), whatever the
 * sign-up policy. Its address is not verified: a later sign-in by emailed link claims it.
 */
export async function createUser(input: z.input<typeof newUserSchema>) {
  const { email, password, name } = newUserSchema.parse(input);
  return insertUser(db, { email, name, passwordHash: await hashPassword(password) });
}

export function findUserByEmail(email: string) {
  return db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
}
