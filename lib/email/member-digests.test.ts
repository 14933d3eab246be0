import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { noReaderCap, queueEvent, readerAddress, teamAccess, withWebhook } from "../../test/support/fixtures";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { runOnce } from "../jobs/runner";
import { joinTeam } from "../teams/join-team";
import { removeMember } from "../teams/manage-team";
import { setClockOffset } from "../time";
import { insertUser } from "../users/create-user";
import { updateNotificationPreferences } from "../users/notification-preferences";
import type { Access } from "../viewer/grants/access";
import { ingestNow } from "../../test/support/ingest-now";
import { passGate } from "../viewer/grants/pass-gate";
import { attemptDelivery } from "../webhooks/attempt-delivery";
import { MAX_ATTEMPTS } from "../webhooks/schedule";
import { composeDueDigests } from "./compose-due-digests";
import { sendDueNotifications } from "./send-due-notifications";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
let clock = 0;
const advance = (ms: number) => setClockOffset((clock += ms));
beforeEach(() => setClockOffset((clock = 0)));
afterEach(() => setClockOffset((clock = 0)));

const open: Access = {
  ownerPreview: false,
  passwordOk: true,
  gatePassed: true,
  gateViewerId: null,
  gateEmail: null,
  agreementAccepted: true,
  agreementDue: false,
  readablePages: 12,
  fullFile: true,
  canDownload: true,
};

type User = Awaited<ReturnType<typeof newUser>>;
type Choice = { digests: "all" | "uploaded" | "none"; new_leads: boolean; completed_reads: boolean; team_alerts?: boolean };
/** An account with a personal team; never signs in, so no password is hashed (the slow part of createUser). */
const newUser = (who: string) =>
  db.$transaction((tx) =>
    insertUser(tx, { email: `${who}-${randomBytes(4).toString("hex")}@example.com`, passwordHash: "never signs in" }),
  );

/** Joins `user` to the team as `role` with these preferences, as they would set them on the Notifications page. */
async function joined(teamId: string, user: User, role: "admin" | "member", choice?: Choice) {
  await db.$transaction((tx) => joinTeam(tx, teamId, user.id, role));
  const access = teamAccess(teamId, user.id, role);
  if (choice) await updateNotificationPreferences(access, { team_alerts: true, ...choice });
  return user;
}

/**
 * A team of six around one 12-page deck that `uploader` added: the owner (every document, leads and
 * finished reads), an admin (every document, leads only), the uploader (their own documents,
 * finished reads only), a watcher (every document, views only), a bystander (their own documents,
 * the default, but they uploaded none) and one who opted out.
 */
async function team(fields: { notifications_enabled?: boolean } = {}) {
  const owner = await newUser("owner");
  const teamId = owner.personalTeamId;
  const admin = await joined(teamId, await newUser("admin"), "admin", { digests: "all", new_leads: true, completed_reads: false });
  const uploader = await joined(teamId, await newUser("uploader"), "member", {
    digests: "uploaded",
    new_leads: false,
    completed_reads: true,
  });
  const watcher = await joined(teamId, await newUser("watcher"), "member", { digests: "all", new_leads: false, completed_reads: false });
  const bystander = await joined(teamId, await newUser("bystander"), "member");
  const optedOut = await joined(teamId, await newUser("opted-out"), "member", { digests: "none", new_leads: true, completed_reads: true });
  const doc = await createSampleDocument({ id: uploader.id, personalTeamId: teamId }, "Deck", 12, { email_gate: false, ...fields });
  await db.event.updateMany({ where: { documentId: doc.id }, data: { dispatchedAt: new Date() } });
  return { teamId, doc, owner, admin, uploader, watcher, bystander, optedOut };
}

/** A reader in their own browser; with an email they pass the gate first (a new lead). */
async function reader(doc: Document, email?: string) {
  const browser = randomBytes(12).toString("base64url");
  const gate = email ? await passGate(doc, { email }, browser, readerAddress()) : null;
  let started = false;
  return {
    /** One tracking batch per page, each after the clock moved on by its seconds (the reading time is capped by it). */
    async read(pages: number[], seconds: number) {
      for (const page of pages) {
        if (started) advance(seconds * SECOND);
        started = true;
        const batch = { batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page, seconds }] };
        await ingestNow(doc, { ...open, gateViewerId: gate?.viewerId ?? null }, browser, batch, noReaderCap);
      }
    },
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Runs a round, then another once the readers have been quiet long enough for the digest to go out. */
async function digestRound() {
  await runOnce();
  advance(31 * SECOND);
  await runOnce();
}

/** Each user's digests, oldest first, as lists of the reader lines. */
async function digestsOf(...users: User[]) {
  const rows = await db.notification.findMany({
    where: { userId: { in: users.map((u) => u.id) }, kind: "document.digest" },
    orderBy: { createdAt: "asc" },
  });
  return users.map((u) => rows.filter((r) => r.userId === u.id).map((r) => r.body.split("\n\n")[0]!.split("\n")));
}

// Each test starts runner rounds over a fresh document (its PDF worker, page images): slow on a busy machine, never waited on.
describe("digest emails to every member who opted in", { timeout: 90_000 }, () => {
  it("bring each member who gets the document's digests one email, to their own address, reporting the news they want", async () => {
    const t = await team();
    await (await reader(t.doc, "james@acme.com")).read([1, 2], 5);
    await digestRound();

    const asLead = ["- james@acme.com (acme.com) read 2 of 12 pages in 10s (new lead)"];
    const asReader = ["- james@acme.com (acme.com) read 2 of 12 pages in 10s"];
    expect(await digestsOf(t.owner, t.admin, t.uploader, t.watcher, t.bystander, t.optedOut)).toEqual([
      [asLead],
      [asLead],
      [asReader],
      [asReader],
      [],
      [],
    ]);
    for (const user of [t.owner, t.admin, t.uploader, t.watcher]) {
      const [email] = await db.notification.findMany({ where: { userId: user.id } });
      expect(email).toMatchObject({ toAddress: user.email, teamId: t.teamId, status: "logged", subject: "1 reader on “Deck”" });
    }
  });

  it("send a finished read alone only to the members who want finished reads, and a lead alone only to those who want leads", async () => {
    const t = await team();
    const anna = await reader(t.doc);
    await anna.read([1, 2], 2);
    await digestRound();
    expect((await digestsOf(t.owner, t.admin, t.uploader, t.watcher)).map((d) => d.length)).toEqual([1, 1, 1, 1]);

    // Ten minutes on, in the same visit (no new view): Anna finishes the deck.
    advance(10 * MINUTE);
    await anna.read(range(3, 12), 1);
    await digestRound();
    const finished = ["- an anonymous reader read 12 of 12 pages in 14s (finished)"];
    expect((await digestsOf(t.owner, t.admin, t.uploader, t.watcher)).map((d) => d.slice(1))).toEqual([[finished], [], [finished], []]);

    // A window later: someone leaves their email at the gate and reads nothing.
    advance(6 * MINUTE);
    await reader(t.doc, "lead@acme.com");
    await digestRound();
    const lead = ["- lead@acme.com (acme.com) has not read a page yet (new lead)"];
    expect((await digestsOf(t.owner, t.admin, t.uploader, t.watcher)).map((d) => d.slice(1))).toEqual([
      [finished, lead],
      [lead],
      [finished],
      [],
    ]);
    expect(await digestsOf(t.bystander, t.optedOut)).toEqual([[], []]);
  });

  it("are never written for anyone when the document has notifications off", async () => {
    const t = await team({ notifications_enabled: false });
    await (await reader(t.doc, "james@acme.com")).read(range(1, 12), 2);
    await digestRound();
    advance(6 * MINUTE);
    await runOnce();
    expect(await db.notification.count({ where: { teamId: t.teamId } })).toBe(0);
    expect(await db.documentDigest.count({ where: { documentId: t.doc.id } })).toBe(0);
  });

  it("stop for a removed member at once: none composed after the removal, and one queued before it is dropped, not sent", async () => {
    const t = await team();
    await removeMember(teamAccess(t.teamId, t.owner.id, "owner"), t.watcher.id);
    await (await reader(t.doc)).read([1], 2);
    await digestRound();
    expect((await digestsOf(t.owner, t.watcher)).map((d) => d.length)).toEqual([1, 0]);

    advance(6 * MINUTE);
    await (await reader(t.doc)).read([1], 2);
    await runOnce();
    advance(31 * SECOND);
    // Queued for the admin and the uploader, who is then removed before the runner sends it.
    expect(await composeDueDigests()).toBe(1);
    await removeMember(teamAccess(t.teamId, t.owner.id, "owner"), t.uploader.id);
    await sendDueNotifications();
    const [, second] = await db.notification.findMany({ where: { userId: t.uploader.id }, orderBy: { createdAt: "asc" } });
    expect(second).toMatchObject({ status: "dropped", sentAt: null });
    const [, adminSecond] = await db.notification.findMany({ where: { userId: t.admin.id }, orderBy: { createdAt: "asc" } });
    expect(adminSecond).toMatchObject({ status: "logged" });
  });

  it("go out once per member when runner rounds race", async () => {
    const teams = await Promise.all([team(), team()]);
    for (const t of teams) await (await reader(t.doc, "james@acme.com")).read(range(1, 12), 1);
    await Promise.all([runOnce(), runOnce()]);
    advance(31 * SECOND);
    await Promise.all([runOnce(), runOnce(), runOnce()]);
    for (const t of teams) {
      expect((await digestsOf(t.owner, t.admin, t.uploader, t.watcher, t.bystander, t.optedOut)).map((d) => d.length)).toEqual([
        1, 1, 1, 1, 0, 0,
      ]);
    }
  });

  it("follow each team's own preferences: opting out in one team leaves another team's digests alone", async () => {
    const a = await team();
    const b = await team();
    // The watcher of team A also joins team B, and hears nothing from B.
    await joined(b.teamId, a.watcher, "member", { digests: "none", new_leads: false, completed_reads: false });
    await (await reader(a.doc)).read([1], 2);
    await (await reader(b.doc)).read([1], 2);
    await digestRound();
    const mail = await db.notification.findMany({ where: { userId: a.watcher.id } });
    expect(mail.map((m) => m.teamId)).toEqual([a.teamId]);
  });
});

describe("a disabled webhook", () => {
  it("is told to the owner and the admins who opted in, never to members", async () => {
    const t = await team();
    const quietAdmin = await joined(t.teamId, await newUser("quiet-admin"), "admin", {
      digests: "none",
      new_leads: false,
      completed_reads: false,
      team_alerts: false,
    });
    const { webhook_id } = await withWebhook(t.teamId, "http://127.0.0.1:9/hooks");
    const { deliveryId } = await queueEvent(t.teamId, t.doc);
    // Two deliveries failed already; this one is on its last attempt.
    await db.webhook.update({ where: { id: webhook_id }, data: { consecutiveFailures: 2 } });
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { attempts: MAX_ATTEMPTS - 1 } });
    expect(await attemptDelivery(deliveryId)).toMatchObject({ webhookDisabled: true });

    const alerts = await db.notification.findMany({ where: { teamId: t.teamId, kind: "webhook.disabled" } });
    expect(alerts.map((a) => a.toAddress).sort()).toEqual([t.owner.email, t.admin.email].sort());
    expect(alerts.map((a) => a.toAddress)).not.toContain(quietAdmin.email);
  });
});
