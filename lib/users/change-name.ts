import type { z } from "zod";
import { db } from "../db/client";
import { invalidInput } from "../errors";
import { changeNameForm } from "../schemas/users";

/** The account's display name; a blank one removes it (the address is shown instead). */
export async function changeName(userId: string, input: z.input<typeof changeNameForm>): Promise<{ name: string | null }> {
  const parsed = changeNameForm.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return db.user.update({ where: { id: userId }, data: { name: parsed.data.name || null }, select: { name: true } });
}
