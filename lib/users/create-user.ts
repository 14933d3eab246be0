import type { z } from "zod";
import { hashPassword } from "../credentials/password-hash";
import { db, type Tx } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { newUserSchema } from "../schemas/users";
import type { TeamRole } from "../generated/prisma/enums";
import { createPersonalTeam } from "../teams/create-personal-team";
import { joinTeam } from "../teams/join-team";

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`An account with ${email} already exists`);
    this.name = "EmailTakenError";
  }
}

const created = { id: true, email: true, name: true, createdAt: true } as const;

/**
 * Inserts an account whose password is already hashed, with its personal team, in the caller's
 * transaction; EmailTakenError when the address has one.
 */
export async function insertUser(
  tx: Tx,
  account: { email: string; name?: string | null; passwordHash: string; emailVerified?: Date | null },
) {
  try {
    const user = await tx.user.create({
      data: {
        email: account.email,
        passwordHash: account.passwordHash,
        name: account.name || null,
        emailVerified: account.emailVerified ?? null,
      },
      select: created,
    });
    return { ...user, personalTeamId: await createPersonalTeam(tx, user) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError(account.email);
    throw error;
  }
}

/**
 * An account made by an administrator (`npm run user:create`, the seed, tests), whatever the
 * sign-up policy. Its address is not verified: a later sign-in by emailed link claims it.
 */
export async function createUser(input: z.input<typeof newUserSchema>, join?: { teamId: string; role: Exclude<TeamRole, "owner"> }) {
  const { email, password, name } = newUserSchema.parse(input);
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    // Checked first: an unknown team is refused before anything is written.
    if (join && !(await tx.team.findUnique({ where: { id: join.teamId }, select: { id: true } }))) throw new UnknownTeamError(join.teamId);
    const user = await insertUser(tx, { email, name, passwordHash });
    if (join) await joinTeam(tx, join.teamId, user.id, join.role);
    return user;
  });
}

export class UnknownTeamError extends Error {
  constructor(teamId: string) {
    super(`No team with id ${teamId}`);
    this.name = "UnknownTeamError";
  }
}

export function findUserByEmail(email: string) {
  return db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
}
