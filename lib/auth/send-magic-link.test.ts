import { ownerAccess } from "../../test/support/fixtures";
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { authGet, linkIn, newJar, requestSignInLink, sessionEmail, signInWithPassword } from "../../test/support/auth-http";
import { readableMail } from "../../test/support/smtp-sink";
import { smtpSinkForThisFile } from "../../test/support/smtp-sink-per-file";
import { config } from "../config";
import { db } from "../db/client";
import { now, setClockOffset } from "../time";
import { createApiKey, authenticateApiKey } from "./api-keys";
import { createUser } from "../users/create-user";
import { saveWebhook } from "../webhooks/manage-webhook";
import { ACCOUNT_LIMITS } from "../credentials/account-limits";
import { sendMagicLink } from "./send-magic-link";

const smtp = await smtpSinkForThisFile();
const PASSWORD = "correct horse battery";
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now()}@example.com`;

afterEach(() => setClockOffset(0));

/** A second into the next 15-minute window of the app clock. */
function startOfNextWindow() {
  const window = ACCOUNT_LIMITS.magicLink.windowSeconds;
  const seconds = Math.floor(now().getTime() / 1000);
  setClockOffset(((Math.floor(seconds / window) + 1) * window + 1) * 1000 - Date.now());
}

const mailsTo = (email: string) => smtp.mails.filter((m) => m.includes(`To: ${email}`)).map(readableMail);

/** Asks for a sign-in link over HTTP and returns the link from the email that arrived. */
async function signInLinkFor(email: string, address = "198.51.100.7") {
  const before = mailsTo(email).length;
  await requestSignInLink(email, address);
  const mails = mailsTo(email);
  expect(mails).toHaveLength(before + 1);
  return linkIn(mails.at(-1)!)!;
}

describe("asking for a sign-in link", () => {
  it("answers the same for an address with an account and one without; each gets one email, and only the account gets a link", async () => {
    const known = unique("known");
    await createUser({ email: known, password: PASSWORD });
    const unknown = unique("unknown");

    const forKnown = await requestSignInLink(known, "198.51.100.1");
    const forUnknown = await requestSignInLink(unknown, "198.51.100.2");
    expect(forKnown.status).toBe(302);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.headers.get("location")).toBe(forKnown.headers.get("location"));
    expect(forKnown.headers.get("location")).toBe("http://localhost:3000/api/auth/verify-request?provider=nodemailer&type=email");

    expect(mailsTo(known)).toHaveLength(1);
    expect(linkIn(mailsTo(known)[0]!)).toMatch(/^http:\/\/localhost:3000\/api\/auth\/callback\/nodemailer\?/);
    expect(mailsTo(unknown)).toHaveLength(1);
    expect(mailsTo(unknown)[0]).toContain("no account uses it");
    expect(linkIn(mailsTo(unknown)[0]!)).toBeNull();
    expect(await db.user.count({ where: { email: unknown } })).toBe(0);
  });

  it(`sends at most ${ACCOUNT_LIMITS.magicLink.perEmail} emails to one address in 15 minutes, whoever asks; the answer never changes`, async () => {
    startOfNextWindow();
    const email = unique("flooded");
    await createUser({ email, password: PASSWORD });
    const answers = [];
    for (let i = 0; i < ACCOUNT_LIMITS.magicLink.perEmail + 2; i++)
      answers.push((await requestSignInLink(email, `198.51.100.${100 + i}`)).headers.get("location"));
    expect(new Set(answers).size).toBe(1);
    expect(mailsTo(email)).toHaveLength(ACCOUNT_LIMITS.magicLink.perEmail);

    startOfNextWindow();
    await requestSignInLink(email, "198.51.100.99");
    expect(mailsTo(email)).toHaveLength(ACCOUNT_LIMITS.magicLink.perEmail + 1);
  });

  it("counts every alias of one inbox as that inbox: victim+1 … victim+10 from 5 addresses get 3 emails", async () => {
    startOfNextWindow();
    const inbox = unique("victim");
    const [local, domain] = inbox.split("@");
    for (let i = 1; i <= 10; i++) await requestSignInLink(`${local}+${i}@${domain}`, `198.51.100.${150 + (i % 5)}`);
    const sent = [...Array(10).keys()].reduce((total, i) => total + mailsTo(`${local}+${i + 1}@${domain}`).length, 0);
    expect(sent).toBe(ACCOUNT_LIMITS.magicLink.perEmail);
  });

  it(`sends at most ${ACCOUNT_LIMITS.magicLink.perAddress} emails for one client address in 15 minutes, to any addresses`, async () => {
    startOfNextWindow();
    const results = [];
    for (let i = 0; i < ACCOUNT_LIMITS.magicLink.perAddress + 1; i++) {
      results.push(
        await sendMagicLink({
          email: unique("sprayed"),
          url: "http://localhost:3000/api/auth/callback/nodemailer?token=t",
          address: "192.0.2.50",
        }),
      );
    }
    expect(results.filter((r) => r === "no_account_sent")).toHaveLength(ACCOUNT_LIMITS.magicLink.perAddress);
    expect(results.at(-1)).toBe("limited");
    expect(await sendMagicLink({ email: unique("other"), url: "http://localhost:3000/x?token=t", address: "192.0.2.51" })).toBe(
      "no_account_sent",
    );
  });

  it("sends nothing for what is not an email address", async () => {
    expect(await sendMagicLink({ email: `${"a".repeat(300)}@example.com`, url: "http://localhost:3000/x", address: "192.0.2.60" })).toBe(
      "invalid",
    );
  });
});

describe("signing in with a link", () => {
  it("signs in an account whose address is already confirmed and changes nothing else", async () => {
    const email = unique("verified");
    const user = await createUser({ email, password: PASSWORD });
    await db.user.update({ where: { id: user.id }, data: { emailVerified: new Date() } });
    const passwordSession = newJar();
    await signInWithPassword(email, PASSWORD, "198.51.100.8", passwordSession);

    const linkSession = newJar();
    const followed = await authGet(await signInLinkFor(email), linkSession);
    expect(followed.headers.get("location")).toBe("http://localhost:3000/documents");
    expect(await sessionEmail(linkSession)).toBe(email);
    expect(await sessionEmail(passwordSession)).toBe(email);
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.passwordHash).not.toBeNull();
    expect(await db.session.count({ where: { userId: user.id } })).toBe(2);
  });

  it("never creates an account, even from a valid token for an address without one", async () => {
    const email = unique("tokened");
    const token = "a-token-nobody-was-sent";
    const hashed = createHash("sha256").update(`${token}${config().AUTH_SECRET}`).digest("hex");
    await db.verificationToken.create({ data: { identifier: email, token: hashed, expires: new Date(Date.now() + 60_000) } });
    const jar = newJar();
    const response = await authGet(
      `/callback/nodemailer?${new URLSearchParams({ token, email, callbackUrl: "http://localhost:3000/documents" })}`,
      jar,
    );
    expect(response.headers.get("location")).toBe("http://localhost:3000/sign-in?error=AccessDenied");
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect(await sessionEmail(jar)).toBeNull();
  });
});

describe("an account registered in advance for someone else's address (pre-hijack)", () => {
  it("loses its password, its other sessions, its API keys and its webhook when the address's owner signs in by link", async () => {
    const email = unique("victim");
    // The attacker registers the victim's address (no SMTP then, or by an administrator) and sets it up.
    const user = await createUser({ email, password: PASSWORD });
    const attacker = newJar();
    expect((await signInWithPassword(email, PASSWORD, "192.0.2.66", attacker)).headers.get("location")).toBe(
      "http://localhost:3000/documents",
    );
    expect(await sessionEmail(attacker)).toBe(email);
    const { key } = await createApiKey(ownerAccess(user), "attacker");
    await saveWebhook({ teamId: user.personalTeamId, userId: user.id }, { url: "https://attacker.example/hook" });

    const owner = newJar();
    await authGet(await signInLinkFor(email), owner);

    expect(await sessionEmail(owner)).toBe(email);
    expect(await sessionEmail(attacker)).toBeNull();
    const claimed = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(claimed.passwordHash).toBeNull();
    expect(claimed.emailVerified).not.toBeNull();
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
    expect(await authenticateApiKey(key)).toBeNull();
    expect(await db.webhook.findUniqueOrThrow({ where: { teamId: user.personalTeamId } })).toMatchObject({
      isActive: false,
      disabledReason: "account_claimed",
    });
    // Disabled the one way webhooks are: the team's admins told, the change audited.
    const alert = await db.notification.findFirstOrThrow({ where: { teamId: user.personalTeamId, kind: "webhook.disabled" } });
    expect(alert.body).toContain("confirmed this email address for the first time");
    expect(await db.auditEntry.findMany({ where: { teamId: user.personalTeamId, action: "webhook.disabled" } })).toMatchObject([
      { actorUserId: user.id, targetLabel: "attacker.example", details: { reason: "account_claimed" } },
    ]);
    const note = await db.notification.findFirstOrThrow({ where: { userId: user.id, kind: "account.claimed" } });
    expect(note.body).toContain("its password was removed");
    expect(note.body).toContain("1 API key was revoked");
    expect(note.body).toContain("the webhook was disabled");

    expect((await signInWithPassword(email, PASSWORD, "192.0.2.66")).headers.get("location")).toBe(
      "http://localhost:3000/sign-in?error=CredentialsSignin&code=credentials",
    );

    // Claimed once: a later sign-in link leaves the owner's own sessions alone.
    const laterSession = newJar();
    await authGet(await signInLinkFor(email), laterSession);
    expect(await sessionEmail(owner)).toBe(email);
    expect(await sessionEmail(laterSession)).toBe(email);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(2);
  });
});
