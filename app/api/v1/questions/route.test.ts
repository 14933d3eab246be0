import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { callApiRoute, type Json, routeAt } from "@/test/support/api-route";
import { ownerAccess, readerAddress } from "@/test/support/fixtures";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import type { Document, Room } from "@/lib/generated/prisma/client";
import { askQuestion } from "@/lib/questions/ask-question";
import { documentSubject, roomSubject } from "@/lib/questions/question-subject";
import { addRoomDocument } from "@/lib/rooms/add-room-document";
import { createRoom } from "@/lib/rooms/create-room";
import { createUser } from "@/lib/users/create-user";
import { sharedDocument } from "@/lib/links/shared-document";
import { findPublicRoom, roomDocument } from "@/lib/viewer/rooms/public-room";

const questionsRoute = routeAt("/api/v1/questions");
const questionRoute = routeAt("/api/v1/questions/{id}");
const answersRoute = routeAt("/api/v1/questions/{id}/answers");
const answerRoute = routeAt("/api/v1/questions/{id}/answers/{answer_id}");

let key: string;
let owner: { id: string; personalTeamId: string };
let member: { id: string };
let outsider: { id: string };
let deck: Document;
let room: Room;

const call = (handler: unknown, path: string, init: { params?: Record<string, string>; method?: string; body?: unknown } = {}) =>
  callApiRoute(handler, { key, path, ...init });
const ids = (body: Json | null) => (body!.questions as Json[]).map((q) => q.id as string);

/** A reader's question about the deck on its own code, or about the room or its deck read in it. */
async function asked(where: "deck" | "room" | "deck in room", text: string) {
  const email = `reader-${randomBytes(3).toString("hex")}@acme.com`;
  if (where === "deck") return askQuestion(documentSubject(sharedDocument(deck, null)), email, { text }, readerAddress());
  const found = await findPublicRoom(room.code);
  if (found.state !== "active") throw new Error("room not found");
  const subject = where === "room" ? roomSubject(found.share) : documentSubject((await roomDocument(found.share, deck.code))!);
  return askQuestion(subject, email, { text }, readerAddress());
}

beforeAll(async () => {
  owner = await createUser({ email: `inbox-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  member = await createUser({ email: `member-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  outsider = await createUser({ email: `outsider-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  await db.teamMember.create({ data: { teamId: owner.personalTeamId, userId: member.id, role: "member" } });
  key = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "inbox")).key;
  deck = await createSampleDocument(owner, "Deck", 2);
  room = await createRoom(ownerAccess(owner), { name: "Inbox room" });
  await addRoomDocument(ownerAccess(owner), room, { short_code: `s-${deck.code}` });
});

describe("/api/v1/questions", () => {
  it("lists the team's questions newest first, across all, per room, per document, by status and assignee", async () => {
    const onDeck = await asked("deck", "About the deck?");
    const onRoom = await asked("room", "About the room?");
    const inRoom = await asked("deck in room", "About the deck, in the room?");

    expect(ids((await call(questionsRoute.GET, "/api/v1/questions")).body)).toEqual([inRoom.id, onRoom.id, onDeck.id]);
    expect(ids((await call(questionsRoute.GET, `/api/v1/questions?room_id=${room.id}`)).body)).toEqual([inRoom.id, onRoom.id]);
    expect(ids((await call(questionsRoute.GET, `/api/v1/questions?short_code=s-${deck.code}`)).body)).toEqual([inRoom.id, onDeck.id]);

    const assigned = await call(questionRoute.PATCH, `/api/v1/questions/${onRoom.id}`, {
      params: { id: onRoom.id },
      method: "PATCH",
      body: { assignee_id: member.id },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body!.assignee).toMatchObject({ user_id: member.id });
    expect(ids((await call(questionsRoute.GET, `/api/v1/questions?assignee=${member.id}`)).body)).toEqual([onRoom.id]);

    const closed = await call(questionRoute.PATCH, `/api/v1/questions/${onDeck.id}`, {
      params: { id: onDeck.id },
      method: "PATCH",
      body: { status: "closed" },
    });
    expect(closed.body).toMatchObject({ status: "closed", closed_at: expect.any(String) });
    expect(ids((await call(questionsRoute.GET, "/api/v1/questions?status=open")).body)).toEqual([inRoom.id, onRoom.id]);
    const reopened = await call(questionRoute.PATCH, `/api/v1/questions/${onDeck.id}`, {
      params: { id: onDeck.id },
      method: "PATCH",
      body: { status: "open" },
    });
    expect(reopened.body).toMatchObject({ status: "open", closed_at: null });

    const page = await call(questionsRoute.GET, "/api/v1/questions?per_page=2&page=2");
    expect(page.body!.pagination).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    expect(ids(page.body)).toEqual([onDeck.id]);
  });

  it("refuses what it cannot read or assign with 400 or 422, changing nothing", async () => {
    const question = await asked("deck", "Refusals?");
    const path = `/api/v1/questions/${question.id}`;
    expect((await call(questionsRoute.GET, "/api/v1/questions?status=maybe")).status).toBe(400);
    expect((await call(questionsRoute.GET, "/api/v1/questions?room_id=nope")).status).toBe(400);
    const outsiderAssigned = await call(questionRoute.PATCH, path, {
      params: { id: question.id },
      method: "PATCH",
      body: { assignee_id: outsider.id },
    });
    expect(outsiderAssigned.status).toBe(422);
    expect(outsiderAssigned.body!.error.fields).toEqual({ assignee_id: "assignee_id must be a member of this team" });
    const badVisibility = await call(answersRoute.POST, `${path}/answers`, {
      params: { id: question.id },
      method: "POST",
      body: { text: "Hi", visibility: "everyone" },
    });
    expect(badVisibility.status).toBe(422);
    const tooLong = await call(answersRoute.POST, `${path}/answers`, {
      params: { id: question.id },
      method: "POST",
      body: { text: "x".repeat(4001), visibility: "asker" },
    });
    expect(tooLong.status).toBe(422);
    expect((await call(questionRoute.GET, "/api/v1/questions/not-a-uuid", { params: { id: "not-a-uuid" } })).status).toBe(404);
    expect(await db.question.findUniqueOrThrow({ where: { id: question.id }, include: { answers: true } })).toMatchObject({
      assigneeId: null,
      answers: [],
    });
  });

  it("answers, then keeps each earlier wording of an edited answer with its author and time", async () => {
    const question = await asked("room", "Revisions?");
    const path = `/api/v1/questions/${question.id}`;
    const answered = await call(answersRoute.POST, `${path}/answers`, {
      params: { id: question.id },
      method: "POST",
      body: { text: "First wording.", visibility: "room" },
    });
    expect(answered.status).toBe(201);
    const answer = answered.body!.answers[0];
    expect(answer).toMatchObject({ text: "First wording.", visibility: "room", author: { user_id: owner.id }, revisions: [] });
    const params = { id: question.id, answer_id: answer.id };
    await call(answerRoute.PATCH, `${path}/answers/${answer.id}`, { params, method: "PATCH", body: { text: "Second wording." } });
    const edited = await call(answerRoute.PATCH, `${path}/answers/${answer.id}`, {
      params,
      method: "PATCH",
      body: { text: "Third wording." },
    });
    expect(edited.status).toBe(200);
    expect(edited.body!.answers[0]).toMatchObject({
      text: "Third wording.",
      created_at: answer.created_at,
      revisions: [
        { text: "First wording.", author_id: owner.id, written_at: answer.created_at },
        { text: "Second wording.", author_id: owner.id },
      ],
    });
    const elsewhere = await asked("deck", "Another?");
    const misplaced = await call(answerRoute.PATCH, `/api/v1/questions/${elsewhere.id}/answers/${answer.id}`, {
      params: { id: elsewhere.id, answer_id: answer.id },
      method: "PATCH",
      body: { text: "Moved?" },
    });
    expect(misplaced.status).toBe(404);
  });
});
