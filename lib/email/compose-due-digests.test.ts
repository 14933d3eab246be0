import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { uploadVersion } from "../versions/upload-version";
import { noReaderCap, openAccess, ownerAccess, readerAddress } from "../../test/support/fixtures";
import { readInRoom, roomLinkOf, roomOf } from "../../test/support/room-reads";
import { newDocumentCode } from "../ids";
import { startSmtpSink } from "../../test/support/smtp-sink";
import { startReceiver } from "../../test/support/webhook-receiver";
import { config, reloadConfig } from "../config";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { updateNotificationPreferences } from "../users/notification-preferences";
import { ingestNow } from "../../test/support/ingest-now";
import { passGate } from "../viewer/grants/pass-gate";
import { saveWebhook } from "../webhooks/manage-webhook";
import { runOnce } from "../jobs/runner";
import { askQuestion } from "../questions/ask-question";
import { documentSubject } from "../questions/question-subject";
import { sharedDocument } from "../links/shared-document";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const open = openAccess(12);

let clock = 0;
const advance = (ms: number) => setClockOffset((clock += ms));
beforeEach(() => setClockOffset((clock = 0)));
afterEach(() => {
  setClockOffset((clock = 0));
  delete process.env.SMTP_URL;
  delete process.env.NOTIFY_DIGEST_MINUTES;
  reloadConfig();
});

const receiver = await startReceiver();
afterAll(() => receiver.close());

async function ownerWithDeck(fields: { notifications_enabled?: boolean } = {}) {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Deck", 12, { email_gate: false, ...fields });
  await db.event.updateMany({ where: { documentId: doc.id }, data: { dispatchedAt: new Date() } });
  return { owner, doc };
}

/** A reader in their own browser; with an email they pass the gate first (a new lead). */
async function reader(doc: Document, email?: string) {
  const browser = randomBytes(12).toString("base64url");
  const gate = email ? await passGate(doc, { email }, browser, readerAddress()) : null;
  let started = false;
  return {
    /** One tracking batch per page; unless told not to wait, each after the clock moved on by its seconds. */
    async read(pages: Array<[page: number, seconds: number]>, { wait = true } = {}) {
      for (const [page, seconds] of pages) {
        if (wait && started) advance(seconds * SECOND);
        started = true;
        await ingestNow(
          doc,
          { ...open, gateViewerId: gate?.viewerId ?? null },
          browser,
          {
            batch_id: `b_${randomBytes(8).toString("hex")}`,
            pages: [{ page, seconds }],
          },
          noReaderCap,
        );
      }
    },
  };
}

/** Pages 1..n at `seconds` each. */
const pages = (n: number, seconds: number) => Array.from({ length: n }, (_, i) => [i + 1, seconds] as [number, number]);

const digests = (userId: string) => db.notification.findMany({ where: { userId, kind: "document.digest" }, orderBy: { createdAt: "asc" } });
const lines = (body: string) => body.split("\n\n")[0]!.split("\n");

describe("owner digest emails", () => {
  it("turn a burst of 50 readers within the window into one short email, the most telling readers first; webhooks still get every event", async () => {
    const { owner, doc } = await ownerWithDeck();
    await saveWebhook({ teamId: owner.personalTeamId, userId: owner.id }, { url: receiver.url });
    // James reads the whole deck in 4m 18s; Ann and 48 anonymous readers arrive meanwhile.
    const james = await reader(doc, "james@acme.com");
    const jamesPages: Array<[number, number]> = [[1, 15], ...pages(11, 22).map(([page, s]) => [page + 1, s] as [number, number])];
    jamesPages[11]![1] = 23;
    let anonymous = 0;
    for (const [i, page] of jamesPages.entries()) {
      await james.read([page]);
      for (let r = 0; r < 5 && anonymous < 48; r++, anonymous++) await (await reader(doc)).read(pages(3, 2), { wait: false });
      if (i === 5) await (await reader(doc, "ann@globex.io")).read(pages(2, 2), { wait: false });
      await runOnce();
      expect(await digests(owner.id)).toHaveLength(0);
    }
    expect(clock).toBe(243 * SECOND);

    advance(31 * SECOND);
    await runOnce();
    advance(MINUTE);
    await runOnce();
    const [email, ...others] = await digests(owner.id);
    expect(others).toHaveLength(0);
    expect(email).toMatchObject({ toAddress: owner.email, status: "logged", subject: "50 readers on “Deck”" });
    expect(lines(email!.body)).toEqual([
      "- james@acme.com (acme.com) read 12 of 12 pages in 4m 18s (new lead, finished)",
      "- ann@globex.io (globex.io) read 2 of 12 pages in 4s (new lead)",
      ...Array.from({ length: 18 }, () => "- an anonymous reader read 3 of 12 pages in 6s"),
      "and 30 more readers",
    ]);
    expect(email!.body).toContain(`See who read what: http://localhost:3000/documents/${doc.code}`);
    expect(email!.body.length).toBeLessThan(2000);

    const events = await db.event.count({ where: { documentId: doc.id, type: { not: "document.uploaded" } } });
    expect(events).toBeGreaterThanOrEqual(50 + 2 + 1);
    expect(await db.event.count({ where: { documentId: doc.id, dispatchedAt: null } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { event: { documentId: doc.id } } })).toBe(events);
  });

  it("send the first email of a quiet spell once the reader has stopped for 30 seconds, with how far they got", async () => {
    const { owner, doc } = await ownerWithDeck();
    await (await reader(doc)).read(pages(4, 10));
    await runOnce();
    advance(29 * SECOND);
    await runOnce();
    expect(await digests(owner.id)).toHaveLength(0);
    advance(2 * SECOND);
    await runOnce();
    const [email] = await digests(owner.id);
    expect(email).toMatchObject({ subject: "1 reader on “Deck”" });
    expect(lines(email!.body)).toEqual(["- an anonymous reader read 4 of 12 pages in 40s"]);
  });

  it("bring a reader's new question, first, with where to answer it", async () => {
    const { owner, doc } = await ownerWithDeck();
    const subject = documentSubject(sharedDocument(doc, null));
    await askQuestion(subject, "jane@acme.com", { text: "Does the lease\nrun past 2030?", page: 4 }, readerAddress());
    await runOnce();
    advance(31 * SECOND);
    await runOnce();
    const [email, ...others] = await digests(owner.id);
    expect(others).toHaveLength(0);
    expect(email).toMatchObject({ subject: "1 new question on “Deck”" });
    expect(lines(email!.body)).toEqual([
      "- jane@acme.com asked about page 4: “Does the lease run past 2030?”",
      `Answer in http://localhost:3000/questions?short_code=s-${doc.code}`,
    ]);
  });

  it("name the data room a reader read the document in", async () => {
    const { owner, doc } = await ownerWithDeck();
    const room = await roomOf(doc.teamId, "Series A", [doc]);
    await (await reader(readInRoom(doc, room), "jane@sequoia.com")).read(pages(2, 5));
    await (await reader(doc)).read(pages(1, 5), { wait: false });
    await runOnce();
    advance(31 * SECOND);
    await runOnce();
    const [email] = await digests(owner.id);
    expect(lines(email!.body)).toEqual([
      "- jane@sequoia.com (sequoia.com) read 2 of 12 pages in 10s, in the room “Series A” (new lead)",
      "- an anonymous reader read 1 of 12 pages in 5s",
    ]);
  });

  it("name the link or room link each reader came through, and the reader's company; the document's own code names none", async () => {
    const { owner, doc } = await ownerWithDeck();
    const investor = await db.link.create({ data: { documentId: doc.id, code: newDocumentCode(), name: "Investor" } });
    const room = await roomOf(doc.teamId, "Series A", [doc]);
    const roomLink = await roomLinkOf(room, "Board link");
    await (await reader(sharedDocument(doc, investor), "jane@sequoia.com")).read(pages(2, 5));
    await (await reader(readInRoom(doc, room, roomLink), "raj@kleiner.vc")).read(pages(1, 5), { wait: false });
    await (await reader(doc, "ann@globex.io")).read(pages(1, 5), { wait: false });
    await runOnce();
    advance(31 * SECOND);
    await runOnce();
    const [email] = await digests(owner.id);
    expect(lines(email!.body).sort()).toEqual([
      "- ann@globex.io (globex.io) read 1 of 12 pages in 5s (new lead)",
      "- jane@sequoia.com (sequoia.com) read 2 of 12 pages in 10s via Investor link (new lead)",
      "- raj@kleiner.vc (kleiner.vc) read 1 of 12 pages in 5s via Board link, in the room “Series A” (new lead)",
    ]);
  });

  it("say which version became current since the previous digest, before who read; the update alone brings none", async () => {
    const { owner, doc } = await ownerWithDeck();
    const bytes = await samplePdf(12, "Deck, corrected");
    const file = path.join(config().DATA_DIR, `digest-${randomBytes(6).toString("hex")}.pdf`);
    await writeFile(file, bytes);
    const updated = await uploadVersion(ownerAccess(owner), doc.code, { path: file, size: bytes.length, filename: "deck-v2.pdf" });
    await rm(file, { force: true });
    advance(10 * MINUTE);
    await runOnce();
    expect(await digests(owner.id)).toHaveLength(0);
    await (await reader(updated.document)).read(pages(2, 10));
    await runOnce();
    advance(31 * SECOND);
    await runOnce();
    const [email] = await digests(owner.id);
    expect(email!.body.split("\n").slice(0, 3)).toEqual([
      "Version 2 (12 pages) was uploaded and is now current.",
      "",
      "- an anonymous reader read 2 of 12 pages in 20s",
    ]);
  });

  it("carry the team's brand in an HTML part (logo by absolute URL, accent, no mark), the text part unchanged", async () => {
    const { owner, doc } = await ownerWithDeck();
    await db.team.update({
      where: { id: doc.teamId },
      data: {
        accentColor: "#0f766e",
        hidePagewiseMark: true,
        ...{ logoKey: "teams/x/logo-ab.png", logoContentType: "image/png", logoSize: 10, logoWidth: 10, logoHeight: 10, logoHash: "ab" },
      },
    });
    await (await reader(doc)).read(pages(2, 10));
    await runOnce();
    advance(31 * SECOND);
    await runOnce();
    const [email] = await digests(owner.id);
    expect(lines(email!.body)).toEqual(["- an anonymous reader read 2 of 12 pages in 20s"]);
    expect(email!.html).toContain(`src="${config().APP_URL}/s/${doc.code}/logo?v=ab"`);
    expect(email!.html).toContain("#0f766e");
    expect(email!.html).toContain("an anonymous reader read 2 of 12 pages in 20s");
    expect(email!.html).not.toContain("Sent by Pagewise");
  });

  it("do not wait longer than the window for a reader who keeps reading", async () => {
    const { owner, doc } = await ownerWithDeck();
    const slow = await reader(doc);
    await slow.read([[1, 10]]);
    for (let i = 0; i < 29; i++) {
      await runOnce();
      await slow.read([[1, 10]]);
    }
    await runOnce();
    expect(clock).toBe(290 * SECOND);
    expect(await digests(owner.id)).toHaveLength(0);
    await slow.read([[1, 11]]);
    await runOnce();
    const [email] = await digests(owner.id);
    expect(lines(email!.body)).toEqual(["- an anonymous reader read 1 of 12 pages in 5m 11s"]);
  });

  it("carry only the activity since the previous digest, and come at most once per window", async () => {
    const { owner, doc } = await ownerWithDeck();
    await (await reader(doc, "james@acme.com")).read(pages(2, 5));
    await runOnce();
    advance(31 * SECOND);
    await runOnce();
    expect(await digests(owner.id)).toHaveLength(1);

    advance(MINUTE);
    await (await reader(doc)).read(pages(3, 4));
    await runOnce();
    advance(3 * MINUTE + 45 * SECOND);
    await runOnce();
    expect(await digests(owner.id)).toHaveLength(1);

    advance(10 * SECOND);
    await runOnce();
    const [first, second, ...rest] = await digests(owner.id);
    expect(rest).toHaveLength(0);
    expect(second!.createdAt.getTime() - first!.createdAt.getTime()).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(second!.subject).toBe("1 reader on “Deck”");
    expect(lines(second!.body)).toEqual(["- an anonymous reader read 3 of 12 pages in 12s"]);
  });

  it("follow NOTIFY_DIGEST_MINUTES", async () => {
    process.env.NOTIFY_DIGEST_MINUTES = "15";
    reloadConfig();
    const { owner, doc } = await ownerWithDeck();
    await (await reader(doc)).read(pages(1, 2));
    await runOnce();
    advance(31 * SECOND);
    await runOnce();
    advance(MINUTE);
    await (await reader(doc)).read(pages(1, 2));
    await runOnce();
    advance(13 * MINUTE);
    await runOnce();
    expect(await digests(owner.id)).toHaveLength(1);
    advance(2 * MINUTE);
    await runOnce();
    const [first, second] = await digests(owner.id);
    expect(second).toBeDefined();
    expect(first!.body).toContain("at most one email per document every 15 minutes");
  });

  it("leave new leads and finished reads out when the owner turned them off: they neither bring a digest nor are marked", async () => {
    const quiet = await ownerWithDeck();
    await updateNotificationPreferences(ownerAccess(quiet.owner), {
      digests: "all",
      new_leads: false,
      completed_reads: false,
      team_alerts: true,
    });
    const told = await ownerWithDeck();
    const readers = [await reader(quiet.doc), await reader(told.doc)];
    for (const r of readers) await r.read(pages(2, 2), { wait: false });
    await runOnce();
    advance(31 * SECOND);
    await runOnce();
    // Ten minutes later, in the same visits (no new view): a new lead, and the first readers finish.
    advance(10 * MINUTE);
    for (const { doc } of [quiet, told]) await reader(doc, "lead@acme.com");
    for (const r of readers) await r.read(pages(12, 1).slice(2), { wait: false });
    await runOnce();
    advance(6 * MINUTE);
    await runOnce();

    expect(await digests(quiet.owner.id)).toHaveLength(1);
    expect(await db.documentDigest.findUniqueOrThrow({ where: { documentId: quiet.doc.id } })).toMatchObject({ dueAt: null, newsAt: null });
    const [first, second] = await digests(told.owner.id);
    expect(lines(first!.body)).toEqual(["- an anonymous reader read 2 of 12 pages in 4s"]);
    expect(lines(second!.body)).toEqual([
      "- lead@acme.com (acme.com) has not read a page yet (new lead)",
      "- an anonymous reader read 12 of 12 pages in 14s (finished)",
    ]);
  });

  it("are never written for a document with notifications off, nor when they are turned off before the digest is due", async () => {
    const off = await ownerWithDeck({ notifications_enabled: false });
    await (await reader(off.doc, "lead@acme.com")).read(pages(12, 2));
    const later = await ownerWithDeck();
    await (await reader(later.doc)).read(pages(2, 2));
    await runOnce();
    await db.document.update({ where: { id: later.doc.id }, data: { notificationsEnabled: false } });
    advance(6 * MINUTE);
    await runOnce();
    expect(await db.notification.count({ where: { userId: { in: [off.owner.id, later.owner.id] } } })).toBe(0);
    expect(await db.documentDigest.count({ where: { documentId: off.doc.id } })).toBe(0);
    expect(await db.documentDigest.findUniqueOrThrow({ where: { documentId: later.doc.id } })).toMatchObject({
      dueAt: null,
      lastSentAt: null,
    });
  });

  it("go out once when runner rounds race, through SMTP when it is configured", async () => {
    const smtp = await startSmtpSink();
    process.env.SMTP_URL = smtp.url;
    reloadConfig();
    try {
      const decks = await Promise.all(Array.from({ length: 5 }, () => ownerWithDeck()));
      for (const { doc } of decks) await (await reader(doc, "james@acme.com")).read(pages(12, 1), { wait: false });
      await Promise.all([runOnce(), runOnce()]);
      advance(31 * SECOND);
      await Promise.all([runOnce(), runOnce(), runOnce()]);
      for (const { owner } of decks) {
        const [email, ...others] = await digests(owner.id);
        expect(others).toHaveLength(0);
        expect(email).toMatchObject({ status: "sent", subject: "1 reader on “Deck”" });
      }
      expect(smtp.mails).toHaveLength(5);
      for (const { owner } of decks) expect(smtp.mails.filter((m) => m.includes(`To: ${owner.email}`))).toHaveLength(1);
      expect(smtp.mails[0]).toContain("james@acme.com (acme.com) read 12 of 12 pages in 12s (new lead, finished)");
    } finally {
      await smtp.close();
    }
  });
});
