import { z } from "zod";
import { ApiError } from "../errors";
import { verifyPassword } from "../credentials/password-hash";
import type { Document } from "../generated/prisma/client";

export const passwordFormSchema = z.object({ password: z.string().max(200, "That password is too long").default("") });

/** Throws unless the form carries the document's password. */
export async function checkDocumentPassword(doc: Document, input: unknown): Promise<void> {
  const parsed = passwordFormSchema.safeParse(input);
  if (!parsed.success) throw new ApiError("validation_error", parsed.error.issues[0]!.message);
  if (!doc.passwordHash || !(await verifyPassword(parsed.data.password, doc.passwordHash))) {
    throw new ApiError("unauthorized", "That password is not right. Check it and try again.");
  }
}
