import { ApiError, invalidInput } from "../../errors";
import { verifyPassword } from "../../credentials/password-hash";
import type { Document } from "../../generated/prisma/client";
import { passwordFormSchema } from "../../schemas/viewer";

/** Throws unless the form carries the document's password. */
export async function checkDocumentPassword(doc: Pick<Document, "passwordHash">, input: unknown): Promise<void> {
  const parsed = passwordFormSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error, { wording: "sentence" });
  if (!doc.passwordHash || !(await verifyPassword(parsed.data.password, doc.passwordHash))) {
    throw new ApiError("unauthorized", "That password is not right. Check it and try again.");
  }
}
