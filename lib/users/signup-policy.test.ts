import { ownerAccess } from "../../test/support/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { admitSignup } from "./admit-signup";
import { createUser } from "./create-user";
import { invitationInputSchema } from "../schemas/users";
import { createInvitation, findUsableInvitation, listInvitations, revokeInvitation } from "./invitations";
import { requestSignup } from "./request-signup";
import { signupPolicy } from "./signup-policy";

const PASSWORD = "correct horse battery";
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now()}@example.com`;
const address = () => `203.0.113.${++serial % 250}`;

function setSignup(value: string | undefined) {
  if (value === undefined) delete process.env.SIGNUP;
  else process.env.SIGNUP = value;
  reloadConfig();
}

afterEach(() => setSignup(undefined));

describe("the default sign-up policy (SIGNUP unset)", () => {
  it("is open until the first account exists, and admits exactly one of two first sign-ups sent at once, as the first account", async () => {
    expect(await db.user.count()).toBe(0);
    expect(await signupPolicy()).toBe("open");
    // Even with SMTP the first account is made at once: an unreachable server proves no email is needed.
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    reloadConfig();
    const [first, second] = await Promise.all([
      requestSignup({ email: unique("first"), password: PASSWORD }, address()),
      requestSignup({ email: unique("second"), password: PASSWORD }, address()),
    ]).finally(() => {
      delete process.env.SMTP_URL;
      reloadConfig();
    });
    expect([first, second].map((o) => o.status).sort()).toEqual(["first_account", "invitation_required"]);
    expect(await db.user.count()).toBe(1);
    expect(await signupPolicy()).toBe("invite");
  });

  it("is invite-only once an account exists: without an invitation, with a made-up one, and with one for another address", async () => {
    const inviter = await createUser({ email: unique("inviter"), password: PASSWORD });
    const { token } = await createInvitation(ownerAccess(inviter), { email: "bound@example.com" });
    expect(await requestSignup({ email: unique("uninvited"), password: PASSWORD }, address())).toEqual({ status: "invitation_required" });
    expect(await requestSignup({ email: unique("guessing"), password: PASSWORD, invitation: "inv_madeup" }, address())).toEqual({
      status: "invitation_invalid",
    });
    expect(await requestSignup({ email: "someone-else@example.com", password: PASSWORD, invitation: token }, address())).toEqual({
      status: "invitation_other_email",
    });
    expect(await db.user.count({ where: { createdAt: { gt: inviter.createdAt } } })).toBe(0);
  });

  it("admits an invited person once; the invitation is then used and shows who used it", async () => {
    const inviter = await createUser({ email: unique("inviter"), password: PASSWORD });
    const invitee = unique("invitee");
    const { token, url, invitation } = await createInvitation(ownerAccess(inviter), { email: invitee, days: 1 });
    expect(url).toBe(`http://localhost:3000/sign-up?invite=${token}`);
    expect(token).toMatch(/^inv_[0-9A-Za-z]{32}$/);
    expect(await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } })).not.toHaveProperty("token");

    expect(await requestSignup({ email: invitee.toUpperCase(), password: PASSWORD, invitation: token }, address())).toEqual({
      status: "sign_in",
    });
    expect(await db.user.count({ where: { email: invitee } })).toBe(1);
    expect(await findUsableInvitation(token)).toBeNull();
    expect(await listInvitations(ownerAccess(inviter))).toEqual([
      expect.objectContaining({ id: invitation.id, status: "used", usedBy: invitee, email: invitee }),
    ]);

    expect(await requestSignup({ email: unique("second-use"), password: PASSWORD, invitation: token }, address())).toEqual({
      status: "invitation_invalid",
    });
  });

  it("refuses revoked and expired invitations; only the inviter can revoke", async () => {
    const inviter = await createUser({ email: unique("inviter"), password: PASSWORD });
    const other = await createUser({ email: unique("other"), password: PASSWORD });
    const revoked = await createInvitation(ownerAccess(inviter), {});
    expect(await revokeInvitation(ownerAccess(other), revoked.invitation.id)).toBe(false);
    expect(await revokeInvitation(ownerAccess(inviter), revoked.invitation.id)).toBe(true);
    expect(await revokeInvitation(ownerAccess(inviter), "not-a-uuid")).toBe(false);
    expect(await requestSignup({ email: unique("revoked"), password: PASSWORD, invitation: revoked.token }, address())).toEqual({
      status: "invitation_invalid",
    });

    const expiring = await createInvitation(ownerAccess(inviter), { days: 1 });
    expect(await findUsableInvitation(expiring.token)).not.toBeNull();
    // Its day ends in the database rather than by moving the clock: a sign-up made a day ahead would
    // sweep away the pending sign-ups other test files are making at the same time.
    await db.invitation.update({ where: { id: expiring.invitation.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect(await requestSignup({ email: unique("late"), password: PASSWORD, invitation: expiring.token }, address())).toEqual({
      status: "invitation_invalid",
    });
    expect((await listInvitations(ownerAccess(inviter))).map((i) => i.status).sort()).toEqual(["expired", "revoked"]);
  });

  it("rechecks the invitation when the account is made: one invitation, two sign-ups at once, one account", async () => {
    const inviter = await createUser({ email: unique("inviter"), password: PASSWORD });
    const { invitation } = await createInvitation(ownerAccess(inviter), {});
    const signup = (email: string) =>
      admitSignup({ email, name: null, passwordHash: "x", invitationId: invitation.id, emailVerified: null });
    const results = await Promise.all([signup(unique("racer")), signup(unique("racer"))]);
    expect(results.map((r) => r.status).sort()).toEqual(["created", "invitation_invalid"]);
  });
});

describe("SIGNUP set explicitly", () => {
  it("closed refuses every sign-up, invited or not, while administrators can still create accounts", async () => {
    const inviter = await createUser({ email: unique("inviter"), password: PASSWORD });
    const { token } = await createInvitation(ownerAccess(inviter), {});
    setSignup("closed");
    expect(await signupPolicy()).toBe("closed");
    expect(await requestSignup({ email: unique("closed"), password: PASSWORD, invitation: token }, address())).toEqual({
      status: "closed",
    });
    expect(await createUser({ email: unique("by-admin"), password: PASSWORD })).toMatchObject({ id: expect.any(String) });
  });

  it("open admits anyone, whatever accounts exist", async () => {
    await createUser({ email: unique("someone"), password: PASSWORD });
    setSignup("open");
    const email = unique("walk-in");
    expect(await requestSignup({ email, password: PASSWORD }, address())).toEqual({ status: "sign_in" });
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("invite requires an invitation even on an empty server", async () => {
    await db.user.deleteMany();
    setSignup("invite");
    expect(await requestSignup({ email: unique("first"), password: PASSWORD }, address())).toEqual({ status: "invitation_required" });
  });
});

describe("invitation input", () => {
  it("takes an optional address and 1, 7 or 30 days, and says what is wrong otherwise", () => {
    expect(invitationInputSchema.parse({ email: "", days: "7" })).toEqual({ email: undefined, role: "member", days: 7 });
    expect(invitationInputSchema.parse({ email: " Person@Example.com " })).toEqual({
      email: "person@example.com",
      role: "member",
      days: 7,
    });
    expect(invitationInputSchema.safeParse({ days: "5" }).error?.issues[0]?.message).toBe("Choose 1, 7, 30 days");
    expect(invitationInputSchema.safeParse({ email: "nope" }).error?.issues[0]?.message).toBe("Enter a valid email address");
  });
});
