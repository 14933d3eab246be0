import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authenticatePassword } from "../auth/authenticate-password";
import { PASSWORD_GUESS_LIMITS } from "../credentials/password-guess-limits";
import { db } from "../db/client";
import { sessionOf, startSession } from "./account-sessions";
import { changeName } from "./change-name";
import { changePassword } from "./change-password";
import { createUser } from "./create-user";

const PASSWORD = "correct horse battery";
let serial = 0;
const address = () => `203.0.113.${++serial % 250}`;
const newUser = () => createUser({ email: `password-${randomBytes(4).toString("hex")}@example.com`, password: PASSWORD });
const signsIn = async (email: string, password: string) =>
  (await authenticatePassword({ email, password, address: address() })).status === "ok";
const sessionRowId = async (token: string) => (await sessionOf(token))!.id;

describe("changing the password on the account page", () => {
  it("takes the new password, keeps this session and ends the account's others", async () => {
    const user = await newUser();
    const bystander = await newUser();
    const [here, laptop, phone, elsewhere] = [
      await startSession(user.id),
      await startSession(user.id),
      await startSession(user.id),
      await startSession(bystander.id),
    ];
    await changePassword(
      { userId: user.id, sessionId: await sessionRowId(here), address: address() },
      { current_password: PASSWORD, new_password: "the new password" },
    );
    expect(await signsIn(user.email, "the new password")).toBe(true);
    expect(await signsIn(user.email, PASSWORD)).toBe(false);
    expect(await sessionOf(here)).not.toBeNull();
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(elsewhere)).not.toBeNull();
    expect(await db.notification.count({ where: { userId: user.id, kind: "account.password_changed" } })).toBe(1);
  });

  it("refuses a wrong current password against its field and changes nothing", async () => {
    const user = await newUser();
    const other = await startSession(user.id);
    await expect(
      changePassword(
        { userId: user.id, sessionId: null, address: address() },
        { current_password: "a guess", new_password: "the new password" },
      ),
    ).rejects.toMatchObject({ code: "validation_error", fields: { current_password: "That is not your current password" } });
    expect(await signsIn(user.email, PASSWORD)).toBe(true);
    expect(await sessionOf(other)).not.toBeNull();
  });

  it("holds the new password to the sign-up rules", async () => {
    const user = await newUser();
    await expect(
      changePassword({ userId: user.id, sessionId: null, address: address() }, { current_password: PASSWORD, new_password: "short" }),
    ).rejects.toMatchObject({ fields: { new_password: "Use at least 8 characters" } });
    await expect(
      changePassword(
        { userId: user.id, sessionId: null, address: address() },
        { current_password: PASSWORD, new_password: "x".repeat(201) },
      ),
    ).rejects.toMatchObject({ fields: { new_password: "Use at most 200 characters" } });
    expect(await signsIn(user.email, PASSWORD)).toBe(true);
  });

  it("counts each check against the account's sign-in limit, so a stolen session cannot guess the password", async () => {
    const user = await newUser();
    const from = "198.51.100.31";
    for (let i = 0; i < PASSWORD_GUESS_LIMITS.perEmailAndAddress; i++) {
      await expect(
        changePassword(
          { userId: user.id, sessionId: null, address: from },
          { current_password: `guess ${i}`, new_password: "the new password" },
        ),
      ).rejects.toMatchObject({ code: "validation_error" });
    }
    await expect(
      changePassword({ userId: user.id, sessionId: null, address: from }, { current_password: PASSWORD, new_password: "the new password" }),
    ).rejects.toMatchObject({ code: "rate_limited" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("still takes the owner's current password while others guess it at the sign-in form", async () => {
    const user = await newUser();
    for (let i = 0; i < PASSWORD_GUESS_LIMITS.emailCeiling; i++) {
      expect(await signsIn(user.email, `guess ${i}`)).toBe(false);
    }
    await changePassword(
      { userId: user.id, sessionId: null, address: "198.51.100.32" },
      { current_password: PASSWORD, new_password: "the new password" },
    );
    expect(await signsIn(user.email, "the new password")).toBe(true);
  });

  it("is refused for an account without a password (it sets one through a reset link)", async () => {
    const user = await newUser();
    await db.user.update({ where: { id: user.id }, data: { passwordHash: null } });
    await expect(
      changePassword(
        { userId: user.id, sessionId: null, address: address() },
        { current_password: "anything", new_password: "the new password" },
      ),
    ).rejects.toMatchObject({ code: "validation_error", message: expect.stringContaining("no password") });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBeNull();
  });
});

describe("changing the name on the account page", () => {
  it("trims it, a blank one removes it, and a long one is refused", async () => {
    const user = await newUser();
    expect(await changeName(user.id, { name: "  Ann Example " })).toEqual({ name: "Ann Example" });
    expect(await changeName(user.id, {})).toEqual({ name: null });
    await expect(changeName(user.id, { name: "n".repeat(101) })).rejects.toMatchObject({ fields: { name: "Use at most 100 characters" } });
    await expect(changeName(user.id, { name: "nul\u0000" })).rejects.toMatchObject({ code: "validation_error" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBeNull();
  });
});
