import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { readableMail, startSmtpSink } from "../../test/support/smtp-sink";
import { authenticatePassword } from "../auth/authenticate-password";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { setClockOffset } from "../time";
import { ACCOUNT_LINK_HOURS } from "./account-tokens";
import { EMAIL_TAKEN, NO_PASSWORD, requestEmailChange } from "./change-email";
import { confirmEmailChange, findEmailChange } from "./confirm-email-change";
import { createUser } from "./create-user";

const smtp = await startSmtpSink();
const PASSWORD = "correct horse battery";
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now()}@example.com`;
const address = () => `203.0.113.${++serial % 250}`;
const mailsTo = (email: string) => smtp.mails.filter((m) => m.includes(`To: ${email}`)).map(readableMail);
const tokenIn = (mail: string) => /\/settings\/account\/confirm-email\?token=([0-9A-Za-z]+)/.exec(mail)?.[1] ?? null;
const emailOf = async (id: string) => (await db.user.findUniqueOrThrow({ where: { id } })).email;
const newUser = () => createUser({ email: unique("account"), password: PASSWORD });

function useSmtp(on: boolean) {
  if (on) process.env.SMTP_URL = smtp.url;
  else delete process.env.SMTP_URL;
  reloadConfig();
}

beforeEach(() => useSmtp(true));
afterEach(() => {
  setClockOffset(0);
  useSmtp(false);
});
afterAll(() => smtp.close());

/** Asks to move `user` to `to` and returns the token mailed there. */
async function askToMove(user: { id: string }, to: string): Promise<string> {
  const outcome = await requestEmailChange({ userId: user.id, address: address() }, { email: to, current_password: PASSWORD });
  expect(outcome).toEqual({ status: "confirmation_sent", email: to });
  return tokenIn(mailsTo(to).at(-1)!)!;
}

describe("changing the address with SMTP: a link to the new address", () => {
  it("changes nothing until the link is opened by the account, then takes the address confirmed and tells the old one", async () => {
    const user = await newUser();
    const to = unique("new");
    const token = await askToMove(user, to);
    expect(token).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await findEmailChange(token, user.id)).toEqual({ newEmail: to });

    expect(await confirmEmailChange(user.id, token)).toEqual({ email: to });
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.email).toBe(to);
    expect(after.emailVerified).not.toBeNull();
    const told = await db.notification.findFirstOrThrow({ where: { userId: user.id, kind: "account.email_changed" } });
    expect(told.toAddress).toBe(user.email);
    expect(told.body).toContain(to);
    expect((await authenticatePassword({ email: to, password: PASSWORD, address: address() })).status).toBe("ok");
    expect((await authenticatePassword({ email: user.email, password: PASSWORD, address: address() })).status).toBe("invalid");
  });

  it("works once, expires, and only the newest link works", async () => {
    const user = await newUser();
    const first = await askToMove(user, unique("first"));
    const second = await askToMove(user, unique("second"));
    await expect(confirmEmailChange(user.id, first)).rejects.toMatchObject({ code: "not_found" });

    setClockOffset(ACCOUNT_LINK_HOURS.email_change * 3_600_000 + 1000);
    await expect(confirmEmailChange(user.id, second)).rejects.toMatchObject({ code: "not_found" });
    setClockOffset(0);

    const third = await askToMove(user, unique("third"));
    await confirmEmailChange(user.id, third);
    await expect(confirmEmailChange(user.id, third)).rejects.toMatchObject({ code: "not_found" });
  });

  it("is bound to its account: signed in to another account the link is refused, and stays usable by its own", async () => {
    const [user, intruder] = [await newUser(), await newUser()];
    const to = unique("bound");
    const token = await askToMove(user, to);
    expect(await findEmailChange(token, intruder.id)).toBeNull();
    await expect(confirmEmailChange(intruder.id, token)).rejects.toMatchObject({ code: "not_found" });
    expect(await emailOf(intruder.id)).toBe(intruder.email);
    expect(await confirmEmailChange(user.id, token)).toEqual({ email: to });
  });

  it("refuses forged tokens and a password reset link", async () => {
    const user = await newUser();
    const token = await askToMove(user, unique("forged"));
    const { tokenHash } = await db.accountToken.findFirstOrThrow({ where: { userId: user.id } });
    for (const forged of [tokenHash, `${token.slice(0, -1)}x`, "", "t".repeat(101)]) {
      await expect(confirmEmailChange(user.id, forged)).rejects.toMatchObject({ code: "not_found" });
    }
    await db.accountToken.updateMany({ where: { userId: user.id }, data: { purpose: "password_reset" } });
    await expect(confirmEmailChange(user.id, token)).rejects.toMatchObject({ code: "not_found" });
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it("answers the same for an address another account uses, and tells only that address's inbox, with no link", async () => {
    const [user, other] = [await newUser(), await newUser()];
    const outcome = await requestEmailChange({ userId: user.id, address: address() }, { email: other.email, current_password: PASSWORD });
    expect(outcome).toEqual({ status: "confirmation_sent", email: other.email });
    expect(mailsTo(other.email)).toHaveLength(1);
    expect(mailsTo(other.email)[0]).toContain("your account already uses it");
    expect(tokenIn(mailsTo(other.email)[0]!)).toBeNull();
    expect(await db.accountToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses the address if another account took it before the link was opened", async () => {
    const user = await newUser();
    const to = unique("raced");
    const token = await askToMove(user, to);
    await createUser({ email: to, password: PASSWORD });
    await expect(confirmEmailChange(user.id, token)).rejects.toMatchObject({ fields: { email: EMAIL_TAKEN } });
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it("requires the current password, checks the address's lengths, and refuses the current address", async () => {
    const user = await newUser();
    const who = { userId: user.id, address: address() };
    await expect(requestEmailChange(who, { email: unique("nopass") })).rejects.toMatchObject({
      fields: { current_password: "Enter your current password" },
    });
    await expect(requestEmailChange(who, { email: unique("wrong"), current_password: "a guess" })).rejects.toMatchObject({
      fields: { current_password: "That is not your current password" },
    });
    await expect(requestEmailChange(who, { email: `${"a".repeat(65)}@example.com`, current_password: PASSWORD })).rejects.toMatchObject({
      fields: { email: expect.stringContaining("64") },
    });
    await expect(requestEmailChange(who, { email: ` ${user.email.toUpperCase()}`, current_password: PASSWORD })).rejects.toMatchObject({
      fields: { email: "That is already your address." },
    });
    expect(await db.accountToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses an account without a password, whose session alone would move it to another inbox; nothing is mailed", async () => {
    const user = await newUser();
    await db.user.update({ where: { id: user.id }, data: { passwordHash: null } });
    const to = unique("thief");
    await expect(requestEmailChange({ userId: user.id, address: address() }, { email: to })).rejects.toMatchObject({
      fields: { email: NO_PASSWORD },
    });
    expect(mailsTo(to)).toEqual([]);
    expect(await db.accountToken.count({ where: { userId: user.id } })).toBe(0);
    expect(await emailOf(user.id)).toBe(user.email);
  });
});

describe("changing the address without SMTP: at once, with the current password", () => {
  it("takes the new address unconfirmed and keeps a note for the old address in the outbox", async () => {
    useSmtp(false);
    const user = await newUser();
    await db.user.update({ where: { id: user.id }, data: { emailVerified: new Date() } });
    const to = unique("direct");
    const outcome = await requestEmailChange({ userId: user.id, address: address() }, { email: to, current_password: PASSWORD });
    expect(outcome).toEqual({ status: "changed", email: to });
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.email).toBe(to);
    expect(after.emailVerified).toBeNull();
    expect(await db.notification.count({ where: { userId: user.id, kind: "account.email_changed", toAddress: user.email } })).toBe(1);
  });

  it("refuses an address another account uses, and a wrong password, changing nothing", async () => {
    useSmtp(false);
    const [user, other] = [await newUser(), await newUser()];
    const who = { userId: user.id, address: address() };
    await expect(requestEmailChange(who, { email: other.email, current_password: PASSWORD })).rejects.toMatchObject({
      fields: { email: EMAIL_TAKEN },
    });
    await expect(requestEmailChange(who, { email: unique("guess"), current_password: "a guess" })).rejects.toMatchObject({
      fields: { current_password: "That is not your current password" },
    });
    expect(await emailOf(user.id)).toBe(user.email);
  });
});
