import { afterEach, describe, expect, it, vi } from "vitest";
import { argon2Calls, holdVerifications, resetArgon2Calls } from "../../test/support/counted-argon2";
import { signInWithPassword } from "../../test/support/auth-http";
import { legacyScryptHash } from "../../test/support/legacy-password-hash";
import { readableMail } from "../../test/support/smtp-sink";
import { smtpSinkForThisFile } from "../../test/support/smtp-sink-per-file";
import { config } from "../config";
import { db } from "../db/client";
import { sendDueNotifications } from "../email/send-due-notifications";
import { now, setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { PASSWORD_GUESS_LIMITS } from "../credentials/password-guess-limits";
import { authenticatePassword } from "./authenticate-password";
import { verifyPassword } from "../credentials/password-hash";

vi.mock("@node-rs/argon2", async (real) => (await import("../../test/support/counted-argon2")).counted(await real()));

const { perEmailAndAddress, perAddress, emailCeiling, maxDelayMs, windowSeconds } = PASSWORD_GUESS_LIMITS;
const PASSWORD = "correct horse battery";
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now()}@example.com`;
let addresses = 0;
/** A client address no other attempt in this file comes from. */
const address = () => {
  addresses++;
  return `10.${addresses >> 8}.${addresses & 255}.1`;
};

const smtp = await smtpSinkForThisFile();
afterEach(() => setClockOffset(0));

/** Moves the app clock a second into the next 15-minute window, so a test's attempts all fall in one fresh window. */
function startOfNextWindow() {
  const seconds = Math.floor(now().getTime() / 1000);
  const next = (Math.floor(seconds / windowSeconds) + 1) * windowSeconds;
  setClockOffset(next * 1000 - Date.now() + 1000);
}

/** Records how long each slowed attempt was told to wait, instead of waiting. */
function recordedWaits() {
  const waits: number[] = [];
  return { waits, wait: async (ms: number) => void waits.push(ms) };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** The growing waits of the attempts past the ceiling, the first past it onwards. */
const waitsPastCeiling = (count: number) => Array.from({ length: count }, (_, i) => Math.min(maxDelayMs, 250 * 2 ** i));

describe("signing in with a password", () => {
  it("signs in with the right password and refuses a wrong one", async () => {
    const email = unique("owner");
    const user = await createUser({ email, password: PASSWORD, name: "Owner" });
    expect(await authenticatePassword({ email: email.toUpperCase(), password: PASSWORD, address: address() })).toEqual({
      status: "ok",
      user: { id: user.id, email, name: "Owner" },
    });
    expect(await authenticatePassword({ email, password: "wrong password", address: address() })).toEqual({ status: "invalid" });
  });

  it("rehashes an old scrypt hash with argon2id at a successful sign-in, and the password keeps working", async () => {
    const email = unique("legacy");
    const user = await createUser({ email, password: PASSWORD });
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await legacyScryptHash(PASSWORD) } });

    expect(await authenticatePassword({ email, password: "not it", address: address() })).toEqual({ status: "invalid" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toMatch(/^scrypt\$/);

    expect((await authenticatePassword({ email, password: PASSWORD, address: address() })).status).toBe("ok");
    const rehashed = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!;
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await authenticatePassword({ email, password: PASSWORD, address: address() })).status).toBe("ok");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(rehashed);
  });

  it("answers malformed input as a wrong password, without counting or hashing", async () => {
    resetArgon2Calls();
    for (const input of [
      { email: "not-an-email", password: PASSWORD },
      { email: unique("x"), password: "" },
      { email: 42, password: null },
    ]) {
      expect(await authenticatePassword({ ...input, address: address() })).toEqual({ status: "invalid" });
    }
    expect(argon2Calls.verify).toBe(0);
  });
});

describe("sign-in limits", () => {
  it(`refuses an address after ${perEmailAndAddress} wrong passwords for an email, while the right one from another address signs in`, async () => {
    startOfNextWindow();
    const email = unique("target");
    await createUser({ email, password: PASSWORD });
    const guessing = address();
    const { waits, wait } = recordedWaits();
    for (let i = 0; i < perEmailAndAddress; i++)
      expect((await authenticatePassword({ email, password: `guess ${i}`, address: guessing }, wait)).status).toBe("invalid");

    const refused = await authenticatePassword({ email, password: PASSWORD, address: guessing }, wait);
    expect(refused.status).toBe("rate_limited");
    // Until the window's end: it began when this test did.
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(windowSeconds - 120);
    expect((refused as { retryAfter: number }).retryAfter).toBeLessThan(windowSeconds);

    // The first attempt past the email's ceiling: slowed, never refused.
    expect((await authenticatePassword({ email, password: PASSWORD, address: address() }, wait)).status).toBe("ok");
    expect(waits).toEqual(waitsPastCeiling(1));
  });

  it("lets the owner sign in from an 11th address after 100 wrong passwords from 10 addresses; past the ceiling each attempt waits longer, never over the cap", async () => {
    startOfNextWindow();
    const email = unique("besieged");
    await createUser({ email, password: PASSWORD });
    const { waits, wait } = recordedWaits();
    const guessers = Array.from({ length: 10 }, () => address());
    const answers = await Promise.all(
      guessers.map(async (from) => {
        const statuses = [];
        for (let i = 0; i < 10; i++)
          statuses.push((await authenticatePassword({ email, password: `guess ${i}`, address: from }, wait)).status);
        return statuses;
      }),
    );
    expect(answers.flat()).toEqual(Array(100).fill("invalid"));
    expect(sorted(waits)).toEqual(sorted(waitsPastCeiling(100 - emailCeiling)));

    const owner = recordedWaits();
    expect((await authenticatePassword({ email, password: PASSWORD, address: address() }, owner.wait)).status).toBe("ok");
    expect(owner.waits).toEqual([maxDelayMs]);
    expect(maxDelayMs).toBeLessThanOrEqual(3_000);
    // And through next-auth's endpoint, waiting for real.
    const overHttp = await signInWithPassword(email, PASSWORD, address());
    expect(overHttp.status).toBe(302);
    expect(overHttp.headers.get("location")).toBe("http://localhost:3000/documents");
    // 101 full argon2id verifications: generous room on a shared two-core machine.
  }, 60_000);

  it("never counts a right password: the owner signs in again and again from one address and keeps every guess there", async () => {
    startOfNextWindow();
    const email = unique("regular");
    await createUser({ email, password: PASSWORD });
    const from = address();
    const { waits, wait } = recordedWaits();
    for (let i = 0; i < perEmailAndAddress + 5; i++)
      expect((await authenticatePassword({ email, password: PASSWORD, address: from }, wait)).status).toBe("ok");
    for (let i = 0; i < perEmailAndAddress; i++)
      expect((await authenticatePassword({ email, password: `typo ${i}`, address: from }, wait)).status).toBe("invalid");
    expect((await authenticatePassword({ email, password: PASSWORD, address: from }, wait)).status).toBe("rate_limited");
    expect(waits).toEqual([]);
  });

  it("checks exactly the allowance of guesses sent at once from one address; the refused ones do not slow the owner elsewhere", async () => {
    startOfNextWindow();
    const email = unique("raced");
    await createUser({ email, password: PASSWORD });
    const from = address();
    const { waits, wait } = recordedWaits();
    resetArgon2Calls();
    const answers = await Promise.all(
      Array.from({ length: 2 * perEmailAndAddress }, (_, i) =>
        authenticatePassword({ email, password: `guess ${i}`, address: from }, wait),
      ),
    );
    expect(answers.filter((a) => a.status === "invalid")).toHaveLength(perEmailAndAddress);
    expect(answers.filter((a) => a.status === "rate_limited")).toHaveLength(perEmailAndAddress);
    expect(argon2Calls.verify).toBe(perEmailAndAddress);
    expect((await authenticatePassword({ email, password: PASSWORD, address: address() }, wait)).status).toBe("ok");
    // Only the checked guesses counted against the email: the owner's attempt is the first past its ceiling.
    expect(waits).toEqual(waitsPastCeiling(1));
  });

  it(`allows ${perAddress} attempts per client address in a window, across any emails; other addresses are unaffected`, async () => {
    startOfNextWindow();
    const spraying = address();
    const email = unique("sprayed");
    await createUser({ email, password: PASSWORD });
    for (let i = 0; i < perAddress; i++) {
      expect((await authenticatePassword({ email: unique("spray"), password: "guess", address: spraying })).status).toBe("invalid");
    }
    expect(await authenticatePassword({ email, password: PASSWORD, address: spraying })).toMatchObject({ status: "rate_limited" });
    expect((await authenticatePassword({ email, password: PASSWORD, address: address() })).status).toBe("ok");
  });

  it("counts nothing against an email from an address past its limit: the owner is neither refused nor slowed", async () => {
    startOfNextWindow();
    const attacker = address();
    const victim = unique("victim");
    await createUser({ email: victim, password: PASSWORD });
    for (let i = 0; i < perAddress; i++) await authenticatePassword({ email: unique("noise"), password: "guess", address: attacker });
    const { waits, wait } = recordedWaits();
    for (let i = 0; i < emailCeiling + 5; i++) {
      expect((await authenticatePassword({ email: victim, password: "guess", address: attacker }, wait)).status).toBe("rate_limited");
    }
    expect((await authenticatePassword({ email: victim, password: PASSWORD, address: address() }, wait)).status).toBe("ok");
    expect(waits).toEqual([]);
  });

  it("answers busy, without piling up work, when the hashing gate is full", async () => {
    const email = unique("busy");
    await createUser({ email, password: PASSWORD });
    const { PASSWORD_HASH_CONCURRENCY: concurrency, PASSWORD_HASH_QUEUE_LIMIT: queue } = config();
    const stored = (await db.user.findUniqueOrThrow({ where: { email } })).passwordHash!;
    const held = holdVerifications();
    const first = authenticatePassword({ email, password: PASSWORD, address: address() });
    await held.entered;
    // Held verifications keep their slots: these take the other slots and the whole queue.
    const filling = Array.from({ length: concurrency - 1 + queue }, () => verifyPassword(PASSWORD, stored));
    expect(await authenticatePassword({ email, password: PASSWORD, address: address() })).toEqual({ status: "busy", retryAfter: 2 });
    held.release();
    expect((await first).status).toBe("ok");
    await Promise.all(filling);
  });
});

describe("an attacker learns nothing about which emails have accounts", () => {
  it("gets the same answer for an unknown email, an account without a password and a wrong password, and each does one full verification", async () => {
    const known = unique("known");
    await createUser({ email: known, password: PASSWORD });
    const passwordless = unique("passwordless");
    const user = await createUser({ email: passwordless, password: PASSWORD });
    await db.user.update({ where: { id: user.id }, data: { passwordHash: null } });

    const answers = [];
    for (const email of [unique("nobody"), passwordless, known]) {
      resetArgon2Calls();
      answers.push(await authenticatePassword({ email, password: "a wrong password", address: address() }));
      expect(argon2Calls.verify, email).toBe(1);
    }
    expect(answers).toEqual([{ status: "invalid" }, { status: "invalid" }, { status: "invalid" }]);
  });

  it("cannot answer an unknown email before a full password verification finishes, just as for a known one", async () => {
    // The timing class without a stopwatch: each answer waits on a real argon2id verification,
    // held open here; before this fix an unknown email answered at once, without hashing.
    const known = unique("timed");
    await createUser({ email: known, password: PASSWORD });
    for (const email of [unique("untimed"), known]) {
      const held = holdVerifications();
      let answered = false;
      const answer = authenticatePassword({ email, password: "wrong", address: address() }).then((result) => {
        answered = true;
        return result;
      });
      await held.entered;
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(answered, email).toBe(false);
      held.release();
      expect(await answer).toEqual({ status: "invalid" });
    }
  });

  it("waits past the ceiling exactly as long for an unknown email as for an account", async () => {
    startOfNextWindow();
    const known = unique("slowed");
    await createUser({ email: known, password: PASSWORD });
    const waitsFor = async (email: string) => {
      const { waits, wait } = recordedWaits();
      for (let i = 0; i < emailCeiling + 3; i++)
        expect((await authenticatePassword({ email, password: `guess ${i}`, address: address() }, wait)).status).toBe("invalid");
      return waits;
    };
    const forAccount = await waitsFor(known);
    expect(forAccount).toEqual(waitsPastCeiling(3));
    expect(await waitsFor(unique("slowed-nobody"))).toEqual(forAccount);
  });

  it("over HTTP: the same status and body for an unknown email and a wrong password, and when limited", async () => {
    startOfNextWindow();
    const known = unique("http");
    await createUser({ email: known, password: PASSWORD });
    const unknown = unique("http-nobody");

    const wrong = await signInWithPassword(known, "wrong password", "198.51.100.10");
    const nobody = await signInWithPassword(unknown, "wrong password", "198.51.100.11");
    expect(wrong.status).toBe(302);
    expect(nobody.status).toBe(wrong.status);
    expect(nobody.headers.get("location")).toBe(wrong.headers.get("location"));
    expect(wrong.headers.get("location")).toBe("http://localhost:3000/sign-in?error=CredentialsSignin&code=credentials");
    expect(await nobody.text()).toBe(await wrong.text());

    for (let i = 1; i < perEmailAndAddress; i++) {
      await signInWithPassword(known, "wrong password", "198.51.100.10");
      await signInWithPassword(unknown, "wrong password", "198.51.100.11");
    }
    const limitedKnown = await signInWithPassword(known, PASSWORD, "198.51.100.10");
    const limitedUnknown = await signInWithPassword(unknown, PASSWORD, "198.51.100.11");
    expect(limitedKnown.status).toBe(429);
    expect(limitedUnknown.status).toBe(429);
    for (const limited of [limitedKnown, limitedUnknown]) {
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(windowSeconds - 120);
      expect(Number(limited.headers.get("retry-after"))).toBeLessThan(windowSeconds);
    }
    const body = await limitedKnown.json();
    expect(body).toEqual({ error: { code: "rate_limited", message: "Too many sign-in attempts. Try again in 15 minutes." } });
    expect(await limitedUnknown.json()).toEqual(body);

    const elsewhere = await signInWithPassword(known, PASSWORD, "198.51.100.12");
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("location")).toBe("http://localhost:3000/documents");
  });

  it("over HTTP: busy is 503 with Retry-After", async () => {
    const email = unique("http-busy");
    await createUser({ email, password: PASSWORD });
    const { PASSWORD_HASH_CONCURRENCY: concurrency, PASSWORD_HASH_QUEUE_LIMIT: queue } = config();
    const stored = (await db.user.findUniqueOrThrow({ where: { email } })).passwordHash!;
    const held = holdVerifications();
    const holding = verifyPassword(PASSWORD, stored);
    await held.entered;
    const filling = Array.from({ length: concurrency - 1 + queue }, () => verifyPassword(PASSWORD, stored));
    const response = await signInWithPassword(email, PASSWORD, "198.51.100.90");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(await response.json()).toEqual({
      error: { code: "service_unavailable", message: "The server is busy checking other passwords. Try again in 2 seconds." },
    });
    held.release();
    await Promise.all([holding, ...filling]);
  });

  it("over HTTP: the right password signs in", async () => {
    const email = unique("http-ok");
    await createUser({ email, password: PASSWORD });
    const response = await signInWithPassword(email, PASSWORD, "198.51.100.95");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/documents");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true);
  });
});

describe("telling the owner that someone is guessing", () => {
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.includes(`To: ${email}`)).map(readableMail);
  const guess = (email: string) => authenticatePassword({ email, password: "a guess", address: address() }, async () => {});

  it("emails the owner once when the email's wrong passwords pass the ceiling, however many follow or arrive at once, and again in the next window", async () => {
    startOfNextWindow();
    const email = unique("alerted");
    const user = await createUser({ email, password: PASSWORD });
    for (let i = 0; i < emailCeiling; i++) await guess(email);
    await sendDueNotifications();
    expect(mailsTo(email)).toHaveLength(0);

    // Past the ceiling from 20 addresses at once: every attempt finds the ceiling passed, one email is queued.
    await Promise.all(Array.from({ length: 20 }, () => guess(email)));
    for (let i = 0; i < 5; i++) await guess(email);
    await sendDueNotifications();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Someone is guessing your Pagewise password");
    expect(mails[0]).toContain(`more than ${emailCeiling} wrong passwords have been tried for your Pagewise account (${email})`);
    expect(mails[0]).toContain("You can still sign in as usual");
    expect(await db.notification.count({ where: { userId: user.id, kind: "account.sign_in_guessing" } })).toBe(1);

    startOfNextWindow();
    for (let i = 0; i <= emailCeiling; i++) await guess(email);
    await sendDueNotifications();
    expect(mailsTo(email)).toHaveLength(2);
  });

  it("tells nobody about an email without an account, and nothing about an owner's own sign-ins", async () => {
    startOfNextWindow();
    const before = await db.notification.count();
    for (let i = 0; i <= emailCeiling; i++) await guess(unique("nobody-to-tell"));
    const nobody = unique("nobody-at-all");
    for (let i = 0; i <= emailCeiling + 5; i++) await guess(nobody);
    const email = unique("busy-owner");
    await createUser({ email, password: PASSWORD });
    for (let i = 0; i <= 2 * emailCeiling; i++) {
      expect((await authenticatePassword({ email, password: PASSWORD, address: address() }, async () => {})).status).toBe("ok");
    }
    expect(await db.notification.count()).toBe(before);
  });
});
