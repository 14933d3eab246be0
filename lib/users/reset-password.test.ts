import { describe, expect, it } from "vitest";
import { verifyPassword } from "../credentials/password-hash";
import { db } from "../db/client";
import { sessionOf, startSession } from "./account-sessions";
import { createUser } from "./create-user";
import { resetPassword } from "./reset-password";

describe("an operator resetting a password (npm run user:reset-password)", () => {
  it("sets the new password, and signs the account out everywhere while others stay signed in", async () => {
    const [user, other] = await Promise.all([
      createUser({ email: "reset@example.com", password: "the old password" }),
      createUser({ email: "bystander@example.com", password: "long enough" }),
    ]);
    const [laptop, phone, elsewhere] = [await startSession(user.id), await startSession(user.id), await startSession(other.id)];
    expect(await resetPassword(" Reset@Example.com ", "the new password")).toBe(true);
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("the new password", passwordHash)).toBe(true);
    expect(await verifyPassword("the old password", passwordHash)).toBe(false);
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(elsewhere)).toMatchObject({ userId: other.id });
  });

  it("answers false for an unknown address and refuses a short password before changing anything", async () => {
    expect(await resetPassword("nobody@example.com", "long enough")).toBe(false);
    await createUser({ email: "short@example.com", password: "long enough" });
    await expect(resetPassword("short@example.com", "short")).rejects.toThrow();
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: "short@example.com" } });
    expect(await verifyPassword("long enough", passwordHash)).toBe(true);
  });
});
