import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { readerAddress, teamAccess } from "../../test/support/fixtures";
import { readableMail } from "../../test/support/smtp-sink";
import { smtpSinkForThisFile } from "../../test/support/smtp-sink-per-file";
import { startReceiver } from "../../test/support/webhook-receiver";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { dispatchPendingEvents } from "../jobs/dispatch-events";
import { runOnce } from "../jobs/runner";
import { setClockOffset } from "../time";
import { insertUser } from "../users/create-user";
import { deleteAccount } from "../users/delete-account";
import { passGate } from "../viewer/grants/pass-gate";
import { getWebhookConfiguration, saveWebhook } from "../webhooks/manage-webhook";
import { joinTeam } from "./join-team";
import { changeMemberRole, removeMember } from "./manage-team";

const DISABLED_SUBJECT = "Subject: Your Pagewise webhook was disabled";

const smtp = await smtpSinkForThisFile();
let clock = 0;
afterEach(() => setClockOffset((clock = 0)));

/** An account with a personal team; never signs in with a password (hashing one is the slow part of createUser). */
const newUser = (who: string) =>
  db.$transaction((tx) =>
    insertUser(tx, { email: `${who}-${randomBytes(4).toString("hex")}@example.com`, passwordHash: "never signs in" }),
  );

/** A server of the admin's own, which the test closes when it ends. */
async function ownServer(...args: Parameters<typeof startReceiver>) {
  const server = await startReceiver(...args);
  onTestFinished(() => server.close());
  return server;
}

/**
 * A team with its owner, two admins and a member around an email-gated deck; `setter`, one of the
 * admins, points the team's webhook at their own server from the dashboard.
 */
async function teamWithSetterWebhook(server: { url: string }) {
  const owner = await newUser("owner");
  const teamId = owner.personalTeamId;
  const [setter, admin, member] = [await newUser("setter"), await newUser("admin"), await newUser("member")];
  await db.$transaction(async (tx) => {
    await joinTeam(tx, teamId, setter.id, "admin");
    await joinTeam(tx, teamId, admin.id, "admin");
    await joinTeam(tx, teamId, member.id, "member");
  });
  const doc = await createSampleDocument(owner, "Deck", 2, { email_gate: true, notifications_enabled: false });
  await db.event.updateMany({ where: { documentId: doc.id }, data: { dispatchedAt: new Date() } });
  const as = (user: { id: string }, role: "owner" | "admin" | "member") => teamAccess(teamId, user.id, role);
  await saveWebhook(as(setter, "admin"), { url: server.url });
  return { teamId, doc, owner, setter, admin, member, as };
}

/** A reader leaves their name and email at the deck's gate: a new lead, `lead.captured` to the webhook. */
const captureLead = (doc: Document) =>
  passGate(
    doc,
    { email: `reader-${randomBytes(3).toString("hex")}@acme.com`, name: "Jo Reader" },
    randomBytes(12).toString("base64url"),
    readerAddress(),
  );

const disabledMailsTo = (email: string) =>
  smtp.mails.filter((m) => m.includes(`To: ${email}`) && m.includes(DISABLED_SUBJECT)).map(readableMail);

const webhookEntries = (teamId: string) =>
  db.auditEntry.findMany({ where: { teamId, action: "webhook.disabled" }, orderBy: { createdAt: "asc" } });

/** After the setter went: nothing more reaches their server, the webhook reads disabled, the team was told once. */
async function expectDisabledAndTold(t: Awaited<ReturnType<typeof teamWithSetterWebhook>>, actorId: string) {
  expect((await getWebhookConfiguration(t.teamId)).webhook).toMatchObject({ is_active: false, disabled_reason: "url_setter_left" });
  for (const told of [t.owner, t.admin]) {
    const mails = disabledMailsTo(told.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`because ${t.setter.email}, who last set its address`);
  }
  expect(disabledMailsTo(t.setter.email)).toEqual([]);
  expect(disabledMailsTo(t.member.email)).toEqual([]);
  expect(await webhookEntries(t.teamId)).toMatchObject([
    {
      actorUserId: actorId,
      targetLabel: new URL((await getWebhookConfiguration(t.teamId)).webhook.url).host,
      details: { reason: "url_setter_left", url_set_by: { user_id: t.setter.id, email: t.setter.email } },
    },
  ]);
}

describe("the admin who set the webhook's address", () => {
  it("once removed, gets no more leads: the webhook is disabled, the owner and the other admin told once, the change audited", async () => {
    const server = await ownServer();
    const t = await teamWithSetterWebhook(server);
    await removeMember(t.as(t.owner, "owner"), t.setter.id);

    await captureLead(t.doc);
    await runOnce();
    expect(server.received).toEqual([]);
    await expectDisabledAndTold(t, t.owner.id);
  });

  it("once they leave, gets no more leads", async () => {
    const server = await ownServer();
    const t = await teamWithSetterWebhook(server);
    await removeMember(t.as(t.setter, "admin"), t.setter.id);

    await captureLead(t.doc);
    await runOnce();
    expect(server.received).toEqual([]);
    await expectDisabledAndTold(t, t.setter.id);
  });

  it("once demoted to member, gets no more leads", async () => {
    const server = await ownServer();
    const t = await teamWithSetterWebhook(server);
    await changeMemberRole(t.as(t.admin, "admin"), t.setter.id, "member");

    await captureLead(t.doc);
    await runOnce();
    expect(server.received).toEqual([]);
    await expectDisabledAndTold(t, t.admin.id);
    expect(disabledMailsTo(t.owner.email)[0]).toContain("is no longer an admin of");
  });

  it("once their account is deleted, gets no more leads", async () => {
    const server = await ownServer();
    const t = await teamWithSetterWebhook(server);
    // An account made by an emailed link has no password: its address confirms the deletion.
    await db.user.update({ where: { id: t.setter.id }, data: { passwordHash: null } });
    await deleteAccount({ userId: t.setter.id, address: readerAddress() }, { confirm_email: t.setter.email });

    await captureLead(t.doc);
    await runOnce();
    expect(server.received).toEqual([]);
    expect((await getWebhookConfiguration(t.teamId)).webhook).toMatchObject({ is_active: false, disabled_reason: "url_setter_left" });
    for (const told of [t.owner, t.admin]) expect(disabledMailsTo(told.email)).toHaveLength(1);
    expect(await webhookEntries(t.teamId)).toMatchObject([{ actorEmail: t.setter.email, details: { reason: "url_setter_left" } }]);
  });

  it("stays answerable when another admin only changes the events, so removing them still disables it", async () => {
    const server = await ownServer();
    const t = await teamWithSetterWebhook(server);
    await saveWebhook(t.as(t.admin, "admin"), { url: server.url, events: ["lead.captured"] });
    await removeMember(t.as(t.owner, "owner"), t.setter.id);

    await captureLead(t.doc);
    await runOnce();
    expect(server.received).toEqual([]);
    expect((await getWebhookConfiguration(t.teamId)).webhook.is_active).toBe(false);
  });

  it("who stays keeps it delivering, whoever else leaves; an admin re-enabling a disabled one answers for it from then on", async () => {
    const server = await ownServer();
    const t = await teamWithSetterWebhook(server);
    await removeMember(t.as(t.owner, "owner"), t.member.id);
    await changeMemberRole(t.as(t.owner, "owner"), t.admin.id, "member");

    await captureLead(t.doc);
    await runOnce();
    expect(server.events().map((e) => e.event)).toEqual(["lead.captured"]);
    expect((await getWebhookConfiguration(t.teamId)).webhook.is_active).toBe(true);
    expect(disabledMailsTo(t.owner.email)).toEqual([]);
    expect(await webhookEntries(t.teamId)).toEqual([]);

    // The owner checks the address after the setter left and saves it again: it is theirs to answer for now.
    await removeMember(t.as(t.owner, "owner"), t.setter.id);
    await saveWebhook(t.as(t.owner, "owner"), { url: server.url });
    await captureLead(t.doc);
    await runOnce();
    expect(server.events().map((e) => e.event)).toEqual(["lead.captured", "lead.captured"]);
    expect((await getWebhookConfiguration(t.teamId)).webhook).toMatchObject({ is_active: true, disabled_reason: null });
  });

  it("gets no lead that was queued for them before they were removed", async () => {
    const server = await ownServer();
    const t = await teamWithSetterWebhook(server);
    await captureLead(t.doc);
    expect(await dispatchPendingEvents()).toHaveLength(1);
    await removeMember(t.as(t.owner, "owner"), t.setter.id);

    await runOnce();
    expect(server.received).toEqual([]);
    const { deliveries } = await getWebhookConfiguration(t.teamId);
    expect(deliveries.map((d) => [d.event, d.status, d.attempts])).toEqual([["lead.captured", "failed", 0]]);
    await expectDisabledAndTold(t, t.owner.id);
  });

  it("gets no retry of a delivery that was on its way when they were removed: the runner reads the webhook again before each attempt", async () => {
    let removal: Promise<void> | null = null;
    const server = await ownServer(() => {
      // The first attempt is on the wire when the owner removes the setter; it fails, due again in a minute.
      removal ??= removeMember(team.as(team.owner, "owner"), team.setter.id);
      return removal.then(() => ({ status: 500 }));
    });
    const team = await teamWithSetterWebhook(server);
    await captureLead(team.doc);
    await runOnce();
    expect(server.received).toHaveLength(1);
    expect((await getWebhookConfiguration(team.teamId)).webhook.is_active).toBe(false);

    setClockOffset((clock += 61_000));
    await runOnce();
    expect(server.received).toHaveLength(1);
    const { deliveries } = await getWebhookConfiguration(team.teamId);
    expect(deliveries.map((d) => [d.event, d.status, d.attempts, d.next_attempt_at])).toEqual([["lead.captured", "failed", 1, null]]);
  });

  it("cannot save an address as they are removed and keep it live (20 rounds)", async () => {
    const server = await ownServer();
    for (let round = 0; round < 20; round++) {
      const owner = await newUser("owner");
      const teamId = owner.personalTeamId;
      const setter = await newUser("setter");
      await db.$transaction((tx) => joinTeam(tx, teamId, setter.id, "admin"));
      const settled = await Promise.allSettled([
        saveWebhook(teamAccess(teamId, setter.id, "admin"), { url: server.url }),
        removeMember(teamAccess(teamId, owner.id, "owner"), setter.id),
      ]);
      // The save lands first and the removal disables it, or the removal does and the save is refused.
      expect(settled[1].status, `round ${round}`).toBe("fulfilled");
      if (settled[0].status === "rejected") expect(settled[0].reason).toMatchObject({ code: "forbidden" });
      const webhook = await db.webhook.findUnique({ where: { teamId } });
      expect(webhook?.isActive && webhook.urlSetById === setter.id, `round ${round}`).not.toBe(true);
    }
  }, 30_000);
});
