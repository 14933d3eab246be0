import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { linkIn } from "../../test/support/auth-http";
import { argon2Calls, resetArgon2Calls } from "../../test/support/counted-argon2";
import { readableMail, startSmtpSink } from "../../test/support/smtp-sink";
import { ACCOUNT_LIMITS } from "../credentials/account-limits";
import { authenticatePassword } from "../auth/authenticate-password";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { now, setClockOffset } from "../time";
import { completeSignup, findSignupRequest } from "./complete-signup";
import { createUser } from "./create-user";
import { requestSignup } from "./request-signup";

vi.mock("@node-rs/argon2", async (real) => (await import("../../test/support/counted-argon2")).counted(await real()));

const smtp = await startSmtpSink();
const PASSWORD = "correct horse battery";
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now()}@example.com`;
const address = () => `203.0.113.${++serial % 250}`;
const mailsTo = (email: string) => smtp.mails.filter((m) => m.includes(`To: ${email}`)).map(readableMail);

function useSmtp(on: boolean) {
  if (on) process.env.SMTP_URL = smtp.url;
  else delete process.env.SMTP_URL;
  reloadConfig();
}

/** A second into the next 15-minute window of the app clock. */
function startOfNextWindow() {
  const window = ACCOUNT_LIMITS.signUp.windowSeconds;
  const seconds = Math.floor(now().getTime() / 1000);
  setClockOffset(((Math.floor(seconds / window) + 1) * window + 1) * 1000 - Date.now());
}

beforeEach(() => {
  // Sign-up is open here: the policy itself is tested in signup-policy.test.ts.
  process.env.SIGNUP = "open";
  reloadConfig();
});
afterEach(() => {
  setClockOffset(0);
  delete process.env.SIGNUP;
  useSmtp(false);
});
afterAll(() => smtp.close());

describe("sign-up with SMTP: every address is sent one email and the browser is told to check it", () => {
  it("answers the same for a new address and one with an account, with the same work: one hash and one email each", async () => {
    useSmtp(true);
    const existing = unique("existing");
    await createUser({ email: existing, password: PASSWORD });
    const fresh = unique("fresh");

    resetArgon2Calls();
    const forExisting = await requestSignup({ email: existing, password: "another password" }, address());
    expect(argon2Calls).toEqual({ hash: 1, verify: 0 });
    resetArgon2Calls();
    const forFresh = await requestSignup({ email: fresh, password: "another password" }, address());
    expect(argon2Calls).toEqual({ hash: 1, verify: 0 });

    expect(forExisting).toEqual({ status: "check_email" });
    expect(forFresh).toEqual(forExisting);
    expect(mailsTo(existing)).toHaveLength(1);
    expect(mailsTo(existing)[0]).toContain("You already have one, and nothing about it changed.");
    expect(linkIn(mailsTo(existing)[0]!)).toBeNull();
    expect(mailsTo(fresh)).toHaveLength(1);
    expect(linkIn(mailsTo(fresh)[0]!)).toMatch(/^http:\/\/localhost:3000\/sign-up\/verify\?token=[0-9A-Za-z]{32}$/);

    // Nothing changed for the existing account, and no account exists yet for the new address.
    expect((await authenticatePassword({ email: existing, password: PASSWORD, address: address() })).status).toBe("ok");
    expect(await db.user.count({ where: { email: fresh } })).toBe(0);
  });

  it("creates the account, its address confirmed, when the emailed link is followed; the link works once", async () => {
    useSmtp(true);
    const email = unique("confirming");
    await requestSignup({ email, password: PASSWORD, name: "Confirming Person" }, address());
    const token = new URL(linkIn(mailsTo(email)[0]!)!).searchParams.get("token")!;
    expect(await findSignupRequest(token)).toEqual({ email });

    const completed = await completeSignup(token);
    expect(completed).toMatchObject({ status: "created", user: { email } });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerified).not.toBeNull();
    expect(user.name).toBe("Confirming Person");
    expect((await authenticatePassword({ email, password: PASSWORD, address: address() })).status).toBe("ok");

    expect(await completeSignup(token)).toEqual({ status: "invalid" });
    expect(await findSignupRequest(token)).toBeNull();
  });

  it("refuses a link after 24 hours, and a made-up one", async () => {
    useSmtp(true);
    const email = unique("late");
    await requestSignup({ email, password: PASSWORD }, address());
    const token = new URL(linkIn(mailsTo(email)[0]!)!).searchParams.get("token")!;
    setClockOffset(24 * 3_600_000 + 1_000);
    expect(await completeSignup(token)).toEqual({ status: "invalid" });
    expect(await completeSignup("x".repeat(32))).toEqual({ status: "invalid" });
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("creates nothing from a link when the address got an account meanwhile, and ends its pending sign-ups", async () => {
    useSmtp(true);
    const email = unique("raced");
    await requestSignup({ email, password: PASSWORD }, address());
    const token = new URL(linkIn(mailsTo(email)[0]!)!).searchParams.get("token")!;
    await createUser({ email, password: "the administrator's choice" });
    expect(await completeSignup(token)).toEqual({ status: "exists" });
    expect(await db.signupRequest.count({ where: { email } })).toBe(0);
  });

  it("says the email could not be sent, for new and existing addresses alike, when the SMTP server is down", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    reloadConfig();
    const existing = unique("existing");
    await createUser({ email: existing, password: PASSWORD });
    expect(await requestSignup({ email: existing, password: PASSWORD }, address())).toEqual({ status: "email_not_sent" });
    expect(await requestSignup({ email: unique("fresh"), password: PASSWORD }, address())).toEqual({ status: "email_not_sent" });
  });
});

describe("sign-up without SMTP: nothing can be confirmed", () => {
  it("answers the same for a new address and one with an account: the new one can sign in, the existing owner gets a note", async () => {
    const existing = unique("existing");
    const owner = await createUser({ email: existing, password: PASSWORD });
    const fresh = unique("fresh");

    resetArgon2Calls();
    const forExisting = await requestSignup({ email: existing, password: "another password" }, "192.0.2.5");
    expect(argon2Calls).toEqual({ hash: 1, verify: 0 });
    resetArgon2Calls();
    const forFresh = await requestSignup({ email: fresh, password: "another password", name: "Fresh" }, "192.0.2.6");
    expect(argon2Calls).toEqual({ hash: 1, verify: 0 });
    expect(forExisting).toEqual({ status: "sign_in" });
    expect(forFresh).toEqual(forExisting);

    expect((await authenticatePassword({ email: existing, password: PASSWORD, address: address() })).status).toBe("ok");
    expect((await authenticatePassword({ email: existing, password: "another password", address: address() })).status).toBe("invalid");
    const note = await db.notification.findFirstOrThrow({ where: { userId: owner.id, kind: "account.signup_attempt" } });
    expect(note.body).toContain("192.0.2.5");

    const created = await db.user.findUniqueOrThrow({ where: { email: fresh } });
    expect(created).toMatchObject({ name: "Fresh", emailVerified: null });
    expect((await authenticatePassword({ email: fresh, password: "another password", address: address() })).status).toBe("ok");
  });
});

describe("sign-up limits", () => {
  it(`takes ${ACCOUNT_LIMITS.signUp.perEmail} sign-ups per address in 15 minutes, and answers the same past it for new and existing addresses`, async () => {
    useSmtp(true);
    startOfNextWindow();
    const existing = unique("limited-existing");
    await createUser({ email: existing, password: PASSWORD });
    const fresh = unique("limited-fresh");
    for (let i = 0; i < ACCOUNT_LIMITS.signUp.perEmail; i++) {
      expect(await requestSignup({ email: existing, password: PASSWORD }, address())).toEqual({ status: "check_email" });
      expect(await requestSignup({ email: fresh, password: PASSWORD }, address())).toEqual({ status: "check_email" });
    }
    const pastExisting = await requestSignup({ email: existing, password: PASSWORD }, address());
    const pastFresh = await requestSignup({ email: fresh, password: PASSWORD }, address());
    expect(pastExisting.status).toBe("rate_limited");
    expect(pastFresh.status).toBe("rate_limited");
    expect(mailsTo(existing)).toHaveLength(ACCOUNT_LIMITS.signUp.perEmail);
    expect(mailsTo(fresh)).toHaveLength(ACCOUNT_LIMITS.signUp.perEmail);
  });

  it(`takes ${ACCOUNT_LIMITS.signUp.perAddress} sign-ups from one client address in 15 minutes`, async () => {
    startOfNextWindow();
    for (let i = 0; i < ACCOUNT_LIMITS.signUp.perAddress; i++) {
      expect(await requestSignup({ email: unique("many"), password: PASSWORD }, "192.0.2.200")).toEqual({ status: "sign_in" });
    }
    expect(await requestSignup({ email: unique("many"), password: PASSWORD }, "192.0.2.200")).toMatchObject({ status: "rate_limited" });
    expect(await requestSignup({ email: unique("many"), password: PASSWORD }, "192.0.2.201")).toEqual({ status: "sign_in" });
  });
});
