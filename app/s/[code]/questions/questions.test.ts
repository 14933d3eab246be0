import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { ownerAccess } from "@/test/support/fixtures";
import { ReaderBrowser as Browser } from "@/test/support/reader-browser";
import { readableMail, startSmtpSink } from "@/test/support/smtp-sink";
import { startReceiver } from "@/test/support/webhook-receiver";
import { createApiKey } from "@/lib/auth/api-keys";
import { reloadConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import type { Document, Room, RoomLink } from "@/lib/generated/prisma/client";
import { runOnce } from "@/lib/jobs/runner";
import { addRoomDocument } from "@/lib/rooms/add-room-document";
import { createFolder } from "@/lib/rooms/create-folder";
import { createRoom } from "@/lib/rooms/create-room";
import { createRoomGroup } from "@/lib/rooms/create-room-group";
import { createRoomLink } from "@/lib/rooms/create-room-link";
import { updateRoom } from "@/lib/rooms/update-room";
import { createUser } from "@/lib/users/create-user";
import { saveWebhook } from "@/lib/webhooks/manage-webhook";
import { verifyWebhookSignature } from "@/lib/webhooks/signature";
import * as roomDocumentQuestions from "@/app/s/[code]/[doc]/questions/route";
import * as questions from "./route";

/**
 * Readers' questions at the share doors and the team's answers (issue 44): asked past the gate in
 * a room through a group's link, answered through the API with each visibility, read back by the
 * asker, a reader of the same group, a reader of another group and a whole-room reader; the asker
 * emailed over real SMTP, both events signed and delivered to the subscribing webhook only; bodies,
 * the gate, the setting and the daily limit refused with nothing stored.
 */
vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);

const smtp = await startSmtpSink();
const receiver = await startReceiver();
const quietReceiver = await startReceiver();
afterAll(async () => {
  delete process.env.SMTP_URL;
  reloadConfig();
  await Promise.all([smtp.close(), receiver.close(), quietReceiver.close()]);
});

const answersRoute = routeAt("/api/v1/questions/{id}/answers");
const questionsRoute = routeAt("/api/v1/questions");

let owner: { id: string; personalTeamId: string };
let key: string;
let room: Room;
let lease: Document;
let bidderBOnly: Document;
let linkA: RoomLink;
let linkB: RoomLink;

const email = (name: string) => `${name}-${randomBytes(3).toString("hex")}@acme.com`;
const ask = (reader: Browser, code: string, doc: string, body: unknown) =>
  reader.call(roomDocumentQuestions.POST, `/s/${code}/${doc}/questions`, { code, doc }, { body });
const askRoom = (reader: Browser, code: string, body: unknown) => reader.call(questions.POST, `/s/${code}/questions`, { code }, { body });
const read = async (reader: Browser, code: string) => (await reader.call(questions.GET, `/s/${code}/questions`, { code })).body!;
const answer = async (id: string, text: string, visibility: string) => {
  const answered = await callApiRoute(answersRoute.POST, {
    key,
    path: `/api/v1/questions/${id}/answers`,
    params: { id },
    method: "POST",
    body: { text, visibility },
  });
  expect(answered.status, JSON.stringify(answered.body)).toBe(201);
  return answered.body!;
};
/** A reader who passed the room's gate through `link` with a new email. */
async function readerThrough(link: { code: string }, name: string) {
  const reader = new Browser();
  const address = email(name);
  expect((await reader.gate(link.code, address)).status).toBe(200);
  return { reader, address };
}
const rowsAbout = (text: string) => db.question.count({ where: { teamId: owner.personalTeamId, text } });

beforeAll(async () => {
  process.env.SMTP_URL = smtp.url;
  reloadConfig();
  owner = await createUser({ email: `questions-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const access = ownerAccess(owner);
  key = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "questions")).key;
  await saveWebhook({ teamId: owner.personalTeamId, userId: null }, { url: receiver.url, events: ["question.asked", "question.answered"] });
  lease = await createSampleDocument(owner, "Office lease", 3);
  bidderBOnly = await createSampleDocument(owner, "Bidder B terms", 1);
  room = await createRoom(access, { name: "Project Heron" });
  const folderA = await createFolder(access, room, { name: "Shared" });
  const folderB = await createFolder(access, room, { name: "Bidder B" });
  await addRoomDocument(access, room, { short_code: `s-${lease.code}`, folder_id: folderA.id });
  await addRoomDocument(access, room, { short_code: `s-${bidderBOnly.code}`, folder_id: folderB.id });
  const groupA = await createRoomGroup(access, room, { name: "Bidder A", access: [{ folder_id: folderA.id, level: "view" }] });
  const groupB = await createRoomGroup(access, room, { name: "Bidder B", access: [{ folder_id: folderB.id, level: "view" }] });
  linkA = await createRoomLink(access, room, { name: "Bidder A", group_id: groupA.id });
  linkB = await createRoomLink(access, room, { name: "Bidder B", group_id: groupB.id });
});

describe("a reader's question and the team's answers", () => {
  it("a reader asks; answers reach the asker, their group or the room as the member chose", async () => {
    const { reader: asker, address: askerEmail } = await readerThrough(linkA, "asker");
    const asked = await ask(asker, linkA.code, lease.code, { text: "Does the lease run past 2030?", page: 2 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body!.id as string;
    expect(await db.question.findUniqueOrThrow({ where: { id } })).toMatchObject({
      documentId: lease.id,
      roomId: room.id,
      groupId: linkA.groupId,
      page: 2,
      askerEmail,
      status: "open",
    });
    const aboutBidderB = await ask((await readerThrough(linkB, "bidder-b")).reader, linkB.code, bidderBOnly.code, { text: "B's own?" });
    expect(aboutBidderB.status).toBe(201);

    await answer(id, "Only to you: until 2031.", "asker");
    await answer(id, "To Bidder A: see schedule 3.", "group");
    await answer(id, "To everyone: the lease runs until 2031.", "room");
    await answer(aboutBidderB.body!.id as string, "To everyone: B's terms are final.", "room");

    const answersOf = (listing: Json, questionId: string): string[] | null =>
      (listing.questions as Json[]).find((q) => q.id === questionId)?.answers.map((a: Json) => a.text) ?? null;
    const mine = await read(asker, linkA.code);
    expect(mine.questions[0]).toMatchObject({ id, mine: true, page: 2, document: { code: lease.code, title: "Office lease" } });
    expect(answersOf(mine, id)).toEqual([
      "Only to you: until 2031.",
      "To Bidder A: see schedule 3.",
      "To everyone: the lease runs until 2031.",
    ]);
    // Bidder B's document is hidden from group A: nothing about it reaches A's readers.
    expect(answersOf(mine, aboutBidderB.body!.id as string)).toBeNull();

    const sameGroup = await read((await readerThrough(linkA, "colleague")).reader, linkA.code);
    expect(answersOf(sameGroup, id)).toEqual(["To Bidder A: see schedule 3.", "To everyone: the lease runs until 2031."]);
    expect(sameGroup.questions.find((q: { id: string }) => q.id === id).mine).toBe(false);
    expect(JSON.stringify(sameGroup)).not.toContain(askerEmail);

    const otherGroup = await read((await readerThrough(linkB, "rival")).reader, linkB.code);
    expect(answersOf(otherGroup, id)).toBeNull();
    expect(answersOf(otherGroup, aboutBidderB.body!.id as string)).toEqual(["To everyone: B's terms are final."]);

    const wholeRoom = await read((await readerThrough(room, "adviser")).reader, room.code);
    expect(answersOf(wholeRoom, id)).toEqual(["To everyone: the lease runs until 2031."]);
  });

  it("emails the asker the answer over SMTP and sends both events, signed, to the webhook that lists them only", async () => {
    const other = await createUser({ email: `quiet-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
    // A webhook saved without `events` gets the contract's seven kinds: never these.
    await saveWebhook({ teamId: other.personalTeamId, userId: null }, { url: quietReceiver.url });
    const otherRoom = await createRoom(ownerAccess(other), { name: "Quiet room" });

    const { reader, address } = await readerThrough(room, "mailed");
    const asked = await askRoom(reader, room.code, { text: "When is the management meeting?" });
    expect(asked.status).toBe(201);
    const quiet = await readerThrough(otherRoom, "quiet");
    expect((await askRoom(quiet.reader, otherRoom.code, { text: "Anyone?" })).status).toBe(201);
    const { answers } = await answer(asked.body!.id as string, "Tuesday at 10.", "asker");
    await runOnce();
    await runOnce();

    const mails = smtp.mails.filter((mail) => mail.includes(`To: ${address}`)).map(readableMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("When is the management meeting?");
    expect(mails[0]).toContain("Tuesday at 10.");
    expect(mails[0]).toContain(`/s/${room.code}`);

    const ours = receiver.received.filter((r) => r.body.includes(asked.body!.id as string));
    expect(ours.map((r) => JSON.parse(r.body).event).sort()).toEqual(["question.answered", "question.asked"]);
    const { secret } = (await db.webhook.findUniqueOrThrow({ where: { teamId: owner.personalTeamId } })) as { secret: string };
    for (const delivery of ours) {
      const signature = String(delivery.headers["x-service-signature"]);
      const t = Number(/t=(\d+)/.exec(signature)![1]);
      expect(verifyWebhookSignature(delivery.body, signature, secret, 300, t)).toBe(true);
    }
    const answered = JSON.parse(ours.find((r) => r.body.includes("question.answered"))!.body);
    expect(answered.data).toMatchObject({
      document: null,
      room: { id: room.id, code: room.code },
      question: { id: asked.body!.id, asker_email: address, page: null },
      answer: { id: answers[0].id, text: "Tuesday at 10.", visibility: "asker", author_email: expect.any(String) },
    });
    expect(quietReceiver.received).toHaveLength(0);
  });
});

describe("what a reader may not ask", () => {
  it("refuses a question before the gate, with nothing stored", async () => {
    const stranger = new Browser();
    expect((await ask(stranger, linkA.code, lease.code, { text: "Before the gate?" })).status).toBe(403);
    const refused = await askRoom(stranger, room.code, { text: "Before the gate?" });
    expect(refused.status).toBe(403);
    expect(refused.body!.error.message).toMatch(/email/);
    expect((await stranger.call(questions.GET, `/s/${room.code}/questions`, { code: room.code })).status).toBe(403);
    expect(await rowsAbout("Before the gate?")).toBe(0);
  });

  it("refuses a body over 4,000 characters, a page past the end and unknown fields with 400, storing nothing", async () => {
    const { reader } = await readerThrough(linkA, "long");
    const long = "x".repeat(4001);
    const tooLong = await ask(reader, linkA.code, lease.code, { text: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body!.error).toMatchObject({ code: "bad_request", message: "text must be at most 4000 characters" });
    expect((await ask(reader, linkA.code, lease.code, { text: "Page 9?", page: 9 })).status).toBe(400);
    expect((await askRoom(reader, linkA.code, { text: "Room page?", page: 1 })).status).toBe(400);
    expect((await ask(reader, linkA.code, lease.code, { text: "Extra?", email: "x@y.z" })).status).toBe(400);
    expect((await ask(reader, linkA.code, lease.code, { text: "x".repeat(4000) })).status).toBe(201);
    expect(await rowsAbout(long)).toBe(0);
    expect(await db.question.count({ where: { text: { in: ["Page 9?", "Room page?", "Extra?"] } } })).toBe(0);
  });

  it("refuses questions where the room turned them off", async () => {
    const closed = await createRoom(ownerAccess(owner), { name: "No questions", settings: { allow_questions: false } });
    const { reader } = await readerThrough(closed, "closed");
    const refused = await askRoom(reader, closed.code, { text: "Turned off?" });
    expect(refused.status).toBe(403);
    expect(refused.body!.error.message).toMatch(/turned off/);
    await updateRoom(ownerAccess(owner), closed, { settings: { allow_questions: true } });
    expect((await askRoom(reader, closed.code, { text: "Turned on?" })).status).toBe(201);
    expect(await rowsAbout("Turned off?")).toBe(0);
  });

  it("bounds 20 addresses flooding questions: 20 a reader a day, then 429, and no row beyond", async () => {
    const flood = `Flood ${randomBytes(3).toString("hex")}`;
    // One reader after another: the browsers share next/headers' one cookie jar, swapped per call.
    const statuses: number[][] = [];
    for (let r = 0; r < 20; r++) {
      const { reader } = await readerThrough(room, `flood-${r}`);
      const seen: number[] = [];
      for (let i = 0; i < 22; i++) seen.push((await askRoom(reader, room.code, { text: flood })).status);
      statuses.push(seen);
    }
    for (const seen of statuses) expect(seen).toEqual([...Array(20).fill(201), 429, 429]);
    expect(await rowsAbout(flood)).toBe(400);
    const list = await callApiRoute(questionsRoute.GET, { key, path: `/api/v1/questions?room_id=${room.id}&status=open&per_page=5` });
    expect(list.status).toBe(200);
    expect(list.body!.questions).toHaveLength(5);
    expect(list.body!.pagination.total).toBeGreaterThanOrEqual(400);
  });
});
