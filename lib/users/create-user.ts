import { z } from "zod";
import { hashPassword } from "../auth/password-hash";
import { db } from "../db";
import { withoutNul } from "../api/nul-characters";

export const emailSchema = z.email({ error: "Enter a valid email address" }).trim().toLowerCase().max(254);
export const passwordSchema = z
  .string()
  .min(8, "Use at least 8 characters")
  .max(200, "Use at most 200 characters")
  .refine(withoutNul, "A password cannot contain NUL characters");

export const newUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().max(100).refine(withoutNul, "A name cannot contain NUL characters").optional(),
});

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`An account with ${email} already exists`);
    this.name = "EmailTakenError";
  }
}

export async function createUser(input: z.input<typeof newUserSchema>) {
  const { email, password, name } = newUserSchema.parse(input);
  const passwordHash = await hashPassword(password);
  try {
    return await db.user.create({
      data: { email, passwordHash, name: name || null },
      select: { id: true, email: true, name: true, createdAt: true },
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new EmailTakenError(email);
    throw error;
  }
}

export function findUserByEmail(email: string) {
  return db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
}
