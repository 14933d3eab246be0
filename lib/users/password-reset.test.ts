import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { readableMail, startSmtpSink } from "../../test/support/smtp-sink";
import { createApiKey, authenticateApiKey } from "../auth/api-keys";
import { authenticatePassword } from "../auth/authenticate-password";
import { ACCOUNT_LIMITS } from "../credentials/account-limits";
import { PASSWORD_GUESS_LIMITS } from "../credentials/password-guess-limits";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { setClockOffset } from "../time";
import { sessionOf, startSession } from "./account-sessions";
import { ACCOUNT_LINK_HOURS } from "./account-tokens";
import { completePasswordReset, findPasswordReset } from "./complete-password-reset";
import { createUser } from "./create-user";
import { requestPasswordReset } from "./request-password-reset";
import { hashToken } from "./token-hash";

const smtp = await startSmtpSink();
const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new password";
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now()}@example.com`;
const address = () => `203.0.113.${++serial % 250}`;
const mailsTo = (email: string) => smtp.mails.filter((m) => m.includes(`To: ${email}`)).map(readableMail);
const tokenIn = (mail: string) => /\/reset-password\?token=([0-9A-Za-z]+)/.exec(mail)?.[1] ?? null;
const signsIn = async (email: string, password: string) =>
  (await authenticatePassword({ email, password, address: address() })).status === "ok";

/** Asks for a reset link for `email` and returns its token. */
async function resetToken(email: string): Promise<string> {
  expect(await requestPasswordReset({ email }, address())).toEqual({ status: "check_email" });
  const token = tokenIn(mailsTo(email).at(-1)!);
  expect(token).toBeTruthy();
  return token!;
}

beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  reloadConfig();
});
afterEach(() => {
  setClockOffset(0);
  delete process.env.SMTP_URL;
  delete process.env.SMTP_FROM;
  reloadConfig();
});
afterAll(() => smtp.close());

describe("asking for a password reset link", () => {
  it("sends the link, or the note that no account uses the address, as text and as HTML in Pagewise's own brand, from SMTP_FROM", async () => {
    process.env.SMTP_FROM = "Pagewise at Acme <accounts@acme.test>";
    reloadConfig();
    const email = unique("branded");
    await createUser({ email, password: PASSWORD });
    expect(await requestPasswordReset({ email }, address())).toEqual({ status: "check_email" });
    const stranger = unique("branded-stranger");
    expect(await requestPasswordReset({ email: stranger }, address())).toEqual({ status: "check_email" });
    const [mail] = mailsTo(email);
    const token = tokenIn(mail!);
    expect(mail).toContain("From: Pagewise at Acme <accounts@acme.test>");
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    expect(mail).toMatch(new RegExp(`<a href="[^"]+/reset-password\\?token=${token}"`));
    expect(mail).toContain("Sent by Pagewise");
    const [noAccount] = mailsTo(stranger);
    expect(noAccount).toContain("From: Pagewise at Acme <accounts@acme.test>");
    expect(noAccount).toContain("Content-Type: text/html");
    expect(noAccount).toContain("no account uses it");
  });

  it("answers the same for an address with an account and one without, and sends each one email", async () => {
    const email = unique("known");
    await createUser({ email, password: PASSWORD });
    const stranger = unique("stranger");

    const forKnown = await requestPasswordReset({ email: ` ${email.toUpperCase()} ` }, address());
    const forStranger = await requestPasswordReset({ email: stranger }, address());
    expect(forKnown).toEqual({ status: "check_email" });
    expect(forStranger).toEqual(forKnown);

    expect(mailsTo(email)).toHaveLength(1);
    expect(tokenIn(mailsTo(email)[0]!)).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(mailsTo(stranger)).toHaveLength(1);
    expect(mailsTo(stranger)[0]).toContain("no account uses it");
    expect(tokenIn(mailsTo(stranger)[0]!)).toBeNull();
    expect(await db.user.count({ where: { email: stranger } })).toBe(0);
  });

  it("stores only the token's hash, and leaves the password as it was until the link is used", async () => {
    const email = unique("hashed");
    await createUser({ email, password: PASSWORD });
    const token = await resetToken(email);
    expect(await db.accountToken.count({ where: { tokenHash: token } })).toBe(0);
    expect(await db.accountToken.count({ where: { tokenHash: hashToken(token), purpose: "password_reset" } })).toBe(1);
    expect(await signsIn(email, PASSWORD)).toBe(true);
  });

  it("is limited per mailbox, whoever asks and whether or not it has an account, and past the limit sends nothing", async () => {
    const email = unique("limited");
    for (let i = 0; i < ACCOUNT_LIMITS.passwordReset.perEmail; i++) {
      expect((await requestPasswordReset({ email: email.replace("@", `+${i}@`) }, address())).status).toBe("check_email");
    }
    const refused = await requestPasswordReset({ email }, address());
    expect(refused).toMatchObject({ status: "rate_limited" });
    expect(mailsTo(email)).toHaveLength(0);
  });

  it("is limited per client address across many addresses", async () => {
    const from = "198.51.100.77";
    for (let i = 0; i < ACCOUNT_LIMITS.passwordReset.perAddress; i++) {
      expect((await requestPasswordReset({ email: unique("spray") }, from)).status).toBe("check_email");
    }
    expect((await requestPasswordReset({ email: unique("spray") }, from)).status).toBe("rate_limited");
  });

  it("is not offered without SMTP, and refuses a malformed address before anything is counted or sent", async () => {
    delete process.env.SMTP_URL;
    reloadConfig();
    expect(await requestPasswordReset({ email: unique("nosmtp") }, address())).toEqual({ status: "unavailable" });
    process.env.SMTP_URL = smtp.url;
    reloadConfig();
    await expect(requestPasswordReset({ email: "not an address" }, address())).rejects.toMatchObject({ code: "validation_error" });
    await expect(requestPasswordReset({ email: `${"a".repeat(65)}@example.com` }, address())).rejects.toMatchObject({
      fields: { email: expect.stringContaining("64") },
    });
  });
});

describe("following a password reset link", () => {
  it("sets the new password and ends every session of the account, and no one else's", async () => {
    const email = unique("reset");
    const user = await createUser({ email, password: PASSWORD });
    const bystander = await createUser({ email: unique("bystander"), password: PASSWORD });
    const [laptop, phone, elsewhere] = [await startSession(user.id), await startSession(user.id), await startSession(bystander.id)];
    const token = await resetToken(email);
    expect(await findPasswordReset(token)).toEqual({ email });

    expect(await completePasswordReset({ token, new_password: NEW_PASSWORD }, address())).toEqual({ status: "reset", email });
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(email, PASSWORD)).toBe(false);
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(elsewhere)).not.toBeNull();
    expect(await db.notification.count({ where: { userId: user.id, kind: "account.password_reset" } })).toBe(1);
  });

  it("works once: a second use, even at the same moment, is refused", async () => {
    const email = unique("once");
    await createUser({ email, password: PASSWORD });
    const token = await resetToken(email);
    const both = await Promise.all([
      completePasswordReset({ token, new_password: NEW_PASSWORD }, address()),
      completePasswordReset({ token, new_password: "the attacker's choice" }, address()),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(["invalid", "reset"]);
    expect(await completePasswordReset({ token, new_password: "yet another one" }, address())).toEqual({ status: "invalid" });
    expect(await findPasswordReset(token)).toBeNull();
  });

  it("expires, and only the newest link of an account works", async () => {
    const email = unique("expiring");
    await createUser({ email, password: PASSWORD });
    const older = await resetToken(email);
    const newer = await resetToken(email);
    expect(await completePasswordReset({ token: older, new_password: NEW_PASSWORD }, address())).toEqual({ status: "invalid" });

    setClockOffset(ACCOUNT_LINK_HOURS.password_reset * 3_600_000 + 1000);
    expect(await findPasswordReset(newer)).toBeNull();
    expect(await completePasswordReset({ token: newer, new_password: NEW_PASSWORD }, address())).toEqual({ status: "invalid" });
    setClockOffset(0);
    expect(await signsIn(email, PASSWORD)).toBe(true);
  });

  it("refuses forged tokens, another purpose's token and a stored hash used as the token", async () => {
    const email = unique("forged");
    const user = await createUser({ email, password: PASSWORD });
    const token = await resetToken(email);
    const { tokenHash } = await db.accountToken.findFirstOrThrow({ where: { userId: user.id } });
    for (const forged of [tokenHash, `${token.slice(0, -1)}x`, "x".repeat(32)]) {
      expect(await completePasswordReset({ token: forged, new_password: NEW_PASSWORD }, address())).toEqual({ status: "invalid" });
    }
    await db.accountToken.updateMany({ where: { userId: user.id }, data: { purpose: "email_change" } });
    expect(await completePasswordReset({ token, new_password: NEW_PASSWORD }, address())).toEqual({ status: "invalid" });
    expect(await signsIn(email, PASSWORD)).toBe(true);
  });

  it("changes only the account the link was sent for, whoever follows it", async () => {
    const [mine, theirs] = [unique("mine"), unique("theirs")];
    await createUser({ email: mine, password: PASSWORD });
    await createUser({ email: theirs, password: PASSWORD });
    const token = await resetToken(mine);
    expect(await completePasswordReset({ token, new_password: NEW_PASSWORD }, address())).toEqual({ status: "reset", email: mine });
    expect(await signsIn(theirs, PASSWORD)).toBe(true);
    expect(await signsIn(theirs, NEW_PASSWORD)).toBe(false);
  });

  it("holds the new password to the sign-up rules and changes nothing when it is refused", async () => {
    const email = unique("rules");
    await createUser({ email, password: PASSWORD });
    const token = await resetToken(email);
    await expect(completePasswordReset({ token, new_password: "short" }, address())).rejects.toMatchObject({
      fields: { new_password: "Use at least 8 characters" },
    });
    await expect(completePasswordReset({ token: "t".repeat(101), new_password: NEW_PASSWORD }, address())).rejects.toMatchObject({
      code: "validation_error",
    });
    expect(await findPasswordReset(token)).toEqual({ email });
    expect(await signsIn(email, PASSWORD)).toBe(true);
  });

  it("counts every try from a client address, so tokens cannot be guessed in bulk", async () => {
    const from = "198.51.100.99";
    for (let i = 0; i < PASSWORD_GUESS_LIMITS.perAddress; i++) {
      expect((await completePasswordReset({ token: `guess${i}`, new_password: NEW_PASSWORD }, from)).status).toBe("invalid");
    }
    expect(await completePasswordReset({ token: "guess", new_password: NEW_PASSWORD }, from)).toMatchObject({ status: "rate_limited" });
  });

  it("claims an account whose address was never proved: keys set up before it are revoked", async () => {
    const email = unique("prehijack");
    const user = await createUser({ email, password: PASSWORD });
    const { key } = await createApiKey({ teamId: user.personalTeamId, userId: user.id }, "planted");
    const token = await resetToken(email);
    expect((await completePasswordReset({ token, new_password: NEW_PASSWORD }, address())).status).toBe("reset");
    expect(await authenticateApiKey(key)).toBeNull();
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.emailVerified).not.toBeNull();
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
  });
});
