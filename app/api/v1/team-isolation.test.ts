import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addViewer } from "@/scripts/lib/activity";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { samplePdf } from "@/scripts/lib/sample-pdf";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import { openApiDocument } from "@/lib/contract/openapi-document";
import { createUser } from "@/lib/users/create-user";
import { routeAt } from "@/test/support/api-route";

const overviewRoute = routeAt("/api/v1/analytics/overview");
const contactsRoute = routeAt("/api/v1/contacts");
const contactRoute = routeAt("/api/v1/contacts/{email}");
const auditLogRoute = routeAt("/api/v1/audit-log");
const leadsRoute = routeAt("/api/v1/documents/{short_code}/leads");
const documentLinksRoute = routeAt("/api/v1/documents/{short_code}/links");
const documentRoute = routeAt("/api/v1/documents/{short_code}");
const statsRoute = routeAt("/api/v1/documents/{short_code}/stats");
const versionFileRoute = routeAt("/api/v1/documents/{short_code}/versions/{number}/file");
const versionRestoreRoute = routeAt("/api/v1/documents/{short_code}/versions/{number}/restore");
const versionsRoute = routeAt("/api/v1/documents/{short_code}/versions");
const viewersRoute = routeAt("/api/v1/documents/{short_code}/viewers");
const documentsRoute = routeAt("/api/v1/documents");
const linkRoute = routeAt("/api/v1/links/{code}");
const roomDocumentRoute = routeAt("/api/v1/rooms/{id}/documents/{short_code}");
const roomDocumentsRoute = routeAt("/api/v1/rooms/{id}/documents");
const roomFolderRoute = routeAt("/api/v1/rooms/{id}/folders/{folder_id}");
const roomFoldersRoute = routeAt("/api/v1/rooms/{id}/folders");
const roomGroupRoute = routeAt("/api/v1/rooms/{id}/groups/{group_id}");
const roomGroupsRoute = routeAt("/api/v1/rooms/{id}/groups");
const roomLinkRoute = routeAt("/api/v1/rooms/{id}/links/{code}");
const roomLinksRoute = routeAt("/api/v1/rooms/{id}/links");
const roomRoute = routeAt("/api/v1/rooms/{id}");
const roomStatsRoute = routeAt("/api/v1/rooms/{id}/stats");
const roomViewersRoute = routeAt("/api/v1/rooms/{id}/viewers");
const roomActivityRoute = routeAt("/api/v1/rooms/{id}/activity");
const roomsRoute = routeAt("/api/v1/rooms");
const questionsRoute = routeAt("/api/v1/questions");
const questionRoute = routeAt("/api/v1/questions/{id}");
const answersRoute = routeAt("/api/v1/questions/{id}/answers");
const answerRoute = routeAt("/api/v1/questions/{id}/answers/{answer_id}");
const invitationsRoute = routeAt("/api/v1/team/invitations");
const memberRoute = routeAt("/api/v1/team/members/{user_id}");
const teamRoute = routeAt("/api/v1/team");
const transferRoute = routeAt("/api/v1/team/transfer");
const webhooksRoute = routeAt("/api/v1/webhooks");
const webhookTestRoute = routeAt("/api/v1/webhooks/test");
const searchRoute = routeAt("/api/v1/search");

/**
 * Isolation between teams on every /api/v1 operation: an admin's key of team B never reads, changes
 * or deletes anything team A owns, and what B creates lands in B. The cases are keyed by the
 * operations the OpenAPI document publishes, so an operation added without its case fails here.
 */

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(
  handler: unknown,
  key: string,
  init: { method?: string; body?: unknown; form?: FormData; params?: Record<string, string>; query?: string } = {},
) {
  const req = new Request(`http://localhost:3000/api/v1/x${init.query ?? ""}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${key}`, ...(init.form ? {} : { "Content-Type": "application/json" }) },
    ...(init.form ? { body: init.form } : init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const response = await (handler as Handler)(req, { params: Promise.resolve(init.params ?? {}) });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

/** Team A: an owner, a member, a document with a link, a room holding it in a folder with a link, and a webhook. Team B: one owner with a key. */
async function twoTeams() {
  const [ownerA, memberA, ownerB] = await Promise.all([newUser("owner-a"), newUser("member-a"), newUser("owner-b")]);
  const teamA = ownerA.personalTeamId;
  await db.teamMember.create({ data: { teamId: teamA, userId: memberA.id, role: "member" } });
  const keyA = (await createApiKey({ teamId: teamA, userId: ownerA.id })).key;
  const keyB = (await createApiKey({ teamId: ownerB.personalTeamId, userId: ownerB.id })).key;
  const doc = await createSampleDocument(ownerA, "Team A deck", 3, { email_gate: false });
  const link = await call(documentLinksRoute.POST, keyA, {
    method: "POST",
    body: { name: "For Acme" },
    params: { short_code: `s-${doc.code}` },
  });
  expect(link.status).toBe(201);
  const webhook = await call(webhooksRoute.POST, keyA, {
    method: "POST",
    body: { url: "https://hooks.example.com/a", events: ["lead.captured"] },
  });
  expect(webhook.status).toBeLessThan(300);
  const room = await call(roomsRoute.POST, keyA, { method: "POST", body: { name: "Team A room" } });
  const folder = await call(roomFoldersRoute.POST, keyA, { method: "POST", body: { name: "Decks" }, params: { id: room.body.id } });
  const inRoom = await call(roomDocumentsRoute.POST, keyA, {
    method: "POST",
    body: { short_code: `s-${doc.code}`, folder_id: folder.body.id },
    params: { id: room.body.id },
  });
  const group = await call(roomGroupsRoute.POST, keyA, {
    method: "POST",
    body: { name: "Bidder A", access: [{ folder_id: folder.body.id, level: "view" }] },
    params: { id: room.body.id },
  });
  const roomLink = await call(roomLinksRoute.POST, keyA, {
    method: "POST",
    body: { name: "For Acme", group_id: group.body.id },
    params: { id: room.body.id },
  });
  expect([room.status, folder.status, inRoom.status, group.status, roomLink.status]).toEqual([201, 201, 201, 201, 201]);
  const question = await db.question.create({
    data: { teamId: teamA, documentId: doc.id, roomId: room.body.id, shareCode: roomLink.body.code, text: "Q?", askerEmail: "r@acme.com" },
  });
  const answer = await db.answer.create({
    data: { questionId: question.id, authorId: ownerA.id, text: "A.", visibility: "asker" },
  });
  return {
    questionId: question.id,
    answerId: answer.id,
    teamA,
    teamB: ownerB.personalTeamId,
    ownerA,
    memberA,
    keyA,
    keyB,
    doc,
    linkCode: link.body.code as string,
    roomId: room.body.id as string,
    folderId: folder.body.id as string,
    roomLinkCode: roomLink.body.code as string,
    groupId: group.body.id as string,
  };
}

let t: Awaited<ReturnType<typeof twoTeams>>;
beforeAll(async () => {
  t = await twoTeams();
});

/** What team A holds, compared before and after each of B's calls. */
async function teamASnapshot() {
  const [document, links, webhook, members, invitations, keys, room, questions] = await Promise.all([
    db.document.findUniqueOrThrow({
      where: { id: t.doc.id },
      select: { title: true, deletedAt: true, teamId: true, allowDownload: true, version: true, storageKey: true },
    }),
    db.link.findMany({ where: { documentId: t.doc.id }, orderBy: { createdAt: "asc" } }),
    db.webhook.findUnique({ where: { teamId: t.teamA }, select: { url: true, events: true, isActive: true, secret: true } }),
    db.teamMember.findMany({ where: { teamId: t.teamA }, orderBy: { userId: "asc" }, select: { userId: true, role: true } }),
    db.invitation.count({ where: { teamId: t.teamA } }),
    db.apiKey.count({ where: { teamId: t.teamA, revokedAt: null } }),
    db.room.findUniqueOrThrow({
      where: { id: t.roomId },
      include: {
        folders: { orderBy: { id: "asc" } },
        documents: { orderBy: { documentId: "asc" } },
        links: { orderBy: { id: "asc" } },
        groups: { orderBy: { id: "asc" }, include: { access: { orderBy: { id: "asc" } } } },
      },
    }),
    db.question.findMany({
      where: { teamId: t.teamA },
      orderBy: { id: "asc" },
      include: { answers: { orderBy: { id: "asc" }, include: { revisions: true } } },
    }),
  ]);
  return { document, links, webhook, members, invitations, keys, room, questions };
}

const aDoc = () => ({ short_code: `s-${t.doc.code}` });
const aLink = () => ({ code: t.linkCode });
const aRoom = () => ({ id: t.roomId });
const aQuestion = () => ({ id: t.questionId });

/** A room of team B's own, with a folder: what B may change, reaching for A's things from it. */
async function roomOfB() {
  const room = await call(roomsRoute.POST, t.keyB, { method: "POST", body: { name: "Team B room" } });
  const folder = await call(roomFoldersRoute.POST, t.keyB, { method: "POST", body: { name: "B's" }, params: { id: room.body.id } });
  return { id: room.body.id as string, folderId: folder.body.id as string };
}

/** Each published operation, as B calling it on A's things (or on its own, where it names none). */
const cases: Record<string, () => Promise<void>> = {
  "GET /api/v1/documents": async () => {
    const { status, body } = await call(documentsRoute.GET, t.keyB);
    expect(status).toBe(200);
    expect(body.documents.map((d: { id: string }) => d.id)).not.toContain(t.doc.id);
  },
  "GET /api/v1/search": async () => {
    // Team A's deck matches by its title and by page 1's text, drawn and indexed at its upload.
    for (const q of ["Team A deck", "Pagewise sample content"]) {
      const { status, body } = await call(searchRoute.GET, t.keyB, { query: `?q=${encodeURIComponent(q)}` });
      expect(status).toBe(200);
      expect(body.results.map((r: { short_code: string }) => r.short_code)).not.toContain(`s-${t.doc.code}`);
    }
  },
  "POST /api/v1/documents": async () => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await samplePdf(1, "B's upload"))], { type: "application/pdf" }), "b.pdf");
    const { status, body } = await call(documentsRoute.POST, t.keyB, { method: "POST", form });
    expect(status).toBe(201);
    expect((await db.document.findUniqueOrThrow({ where: { id: body.id } })).teamId).toBe(t.teamB);
  },
  "GET /api/v1/documents/{short_code}": async () => expect((await call(documentRoute.GET, t.keyB, { params: aDoc() })).status).toBe(404),
  "PATCH /api/v1/documents/{short_code}": async () =>
    expect(
      (await call(documentRoute.PATCH, t.keyB, { method: "PATCH", body: { title: "Taken", allow_download: false }, params: aDoc() }))
        .status,
    ).toBe(404),
  "DELETE /api/v1/documents/{short_code}": async () =>
    expect((await call(documentRoute.DELETE, t.keyB, { method: "DELETE", params: aDoc() })).status).toBe(404),
  "GET /api/v1/documents/{short_code}/versions": async () =>
    expect((await call(versionsRoute.GET, t.keyB, { params: aDoc() })).status).toBe(404),
  "POST /api/v1/documents/{short_code}/versions": async () => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await samplePdf(1, "B's version"))], { type: "application/pdf" }), "b.pdf");
    expect((await call(versionsRoute.POST, t.keyB, { method: "POST", form, params: aDoc() })).status).toBe(404);
  },
  "POST /api/v1/documents/{short_code}/versions/{number}/restore": async () =>
    expect((await call(versionRestoreRoute.POST, t.keyB, { method: "POST", params: { ...aDoc(), number: "1" } })).status).toBe(404),
  "GET /api/v1/documents/{short_code}/versions/{number}/file": async () =>
    expect((await call(versionFileRoute.GET, t.keyB, { params: { ...aDoc(), number: "1" } })).status).toBe(404),
  "GET /api/v1/documents/{short_code}/stats": async () => expect((await call(statsRoute.GET, t.keyB, { params: aDoc() })).status).toBe(404),
  "GET /api/v1/documents/{short_code}/viewers": async () =>
    expect((await call(viewersRoute.GET, t.keyB, { params: aDoc() })).status).toBe(404),
  "GET /api/v1/documents/{short_code}/leads": async () => expect((await call(leadsRoute.GET, t.keyB, { params: aDoc() })).status).toBe(404),
  "GET /api/v1/contacts": async () => {
    await addViewer(t.doc.id, { email: "reader-of-a@acme.com", visits: [{ startedAt: new Date(), pages: [[1, 5]] }] });
    const { status, body } = await call(contactsRoute.GET, t.keyB);
    expect(status).toBe(200);
    expect(body.contacts).toEqual([]);
  },
  "GET /api/v1/contacts/{email}": async () => {
    await addViewer(t.doc.id, { email: "another-reader-of-a@acme.com", visits: [{ startedAt: new Date(), pages: [[1, 5]] }] });
    const { status, body } = await call(contactRoute.GET, t.keyB, { params: { email: "another-reader-of-a@acme.com" } });
    expect([status, body.error.code]).toEqual([404, "not_found"]);
  },
  "GET /api/v1/analytics/overview": async () => {
    const { status, body } = await call(overviewRoute.GET, t.keyB);
    expect(status).toBe(200);
    expect(body.top_documents.map((d: { short_code: string }) => d.short_code)).not.toContain(`s-${t.doc.code}`);
  },
  "GET /api/v1/audit-log": async () => {
    const { status, body } = await call(auditLogRoute.GET, t.keyB);
    expect(status).toBe(200);
    expect(body.entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain(t.doc.code);
    expect(JSON.stringify(body)).not.toContain("hooks.example.com/a");
  },
  "GET /api/v1/webhooks": async () => {
    // B has no webhook yet (its POST comes next): A's is not shown in its place.
    const { status, body } = await call(webhooksRoute.GET, t.keyB);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain("hooks.example.com/a");
  },
  "POST /api/v1/webhooks": async () => {
    const { status } = await call(webhooksRoute.POST, t.keyB, {
      method: "POST",
      body: { url: "https://hooks.example.com/b", events: ["document.viewed"] },
    });
    expect(status).toBeLessThan(300);
    expect((await db.webhook.findUniqueOrThrow({ where: { teamId: t.teamB } })).url).toBe("https://hooks.example.com/b");
  },
  "DELETE /api/v1/webhooks": async () => {
    expect((await call(webhooksRoute.DELETE, t.keyB, { method: "DELETE" })).status).toBe(204);
    expect(await db.webhook.count({ where: { teamId: t.teamB } })).toBe(0);
  },
  "POST /api/v1/webhooks/test": async () => {
    // B has no webhook (deleted above): B's test has nothing to send to, whatever A has.
    expect((await call(webhookTestRoute.POST, t.keyB, { method: "POST" })).status).toBe(404);
  },
  "GET /api/v1/documents/{short_code}/links": async () =>
    expect((await call(documentLinksRoute.GET, t.keyB, { params: aDoc() })).status).toBe(404),
  "POST /api/v1/documents/{short_code}/links": async () =>
    expect((await call(documentLinksRoute.POST, t.keyB, { method: "POST", body: { name: "Stolen" }, params: aDoc() })).status).toBe(404),
  "GET /api/v1/links/{code}": async () => expect((await call(linkRoute.GET, t.keyB, { params: aLink() })).status).toBe(404),
  "PATCH /api/v1/links/{code}": async () =>
    expect((await call(linkRoute.PATCH, t.keyB, { method: "PATCH", body: { is_active: false }, params: aLink() })).status).toBe(404),
  "DELETE /api/v1/links/{code}": async () =>
    expect((await call(linkRoute.DELETE, t.keyB, { method: "DELETE", params: aLink() })).status).toBe(404),
  "GET /api/v1/rooms": async () => {
    const { status, body } = await call(roomsRoute.GET, t.keyB);
    expect(status).toBe(200);
    expect(body.rooms.map((r: { id: string }) => r.id)).not.toContain(t.roomId);
  },
  "POST /api/v1/rooms": async () => {
    const { status, body } = await call(roomsRoute.POST, t.keyB, { method: "POST", body: { name: "B's room" } });
    expect(status).toBe(201);
    expect((await db.room.findUniqueOrThrow({ where: { id: body.id } })).teamId).toBe(t.teamB);
  },
  "GET /api/v1/rooms/{id}": async () => expect((await call(roomRoute.GET, t.keyB, { params: aRoom() })).status).toBe(404),
  "PATCH /api/v1/rooms/{id}": async () =>
    expect(
      (await call(roomRoute.PATCH, t.keyB, { method: "PATCH", body: { name: "Taken", settings: { gate_type: "none" } }, params: aRoom() }))
        .status,
    ).toBe(404),
  "DELETE /api/v1/rooms/{id}": async () =>
    expect((await call(roomRoute.DELETE, t.keyB, { method: "DELETE", params: aRoom() })).status).toBe(404),
  "POST /api/v1/rooms/{id}/documents": async () => {
    const body = { short_code: `s-${t.doc.code}` };
    expect((await call(roomDocumentsRoute.POST, t.keyB, { method: "POST", body, params: aRoom() })).status).toBe(404);
    // Nor can B put A's document in a room of its own.
    const own = await roomOfB();
    expect((await call(roomDocumentsRoute.POST, t.keyB, { method: "POST", body, params: { id: own.id } })).status).toBe(422);
  },
  "PATCH /api/v1/rooms/{id}/documents/{short_code}": async () =>
    expect(
      (
        await call(roomDocumentRoute.PATCH, t.keyB, {
          method: "PATCH",
          body: { folder_id: null, position: 0 },
          params: { ...aRoom(), short_code: `s-${t.doc.code}` },
        })
      ).status,
    ).toBe(404),
  "DELETE /api/v1/rooms/{id}/documents/{short_code}": async () =>
    expect(
      (await call(roomDocumentRoute.DELETE, t.keyB, { method: "DELETE", params: { ...aRoom(), short_code: `s-${t.doc.code}` } })).status,
    ).toBe(404),
  "POST /api/v1/rooms/{id}/folders": async () => {
    expect((await call(roomFoldersRoute.POST, t.keyB, { method: "POST", body: { name: "Mine" }, params: aRoom() })).status).toBe(404);
    const own = await roomOfB();
    const body = { name: "Inside A's", parent_id: t.folderId };
    expect((await call(roomFoldersRoute.POST, t.keyB, { method: "POST", body, params: { id: own.id } })).status).toBe(422);
  },
  "PATCH /api/v1/rooms/{id}/folders/{folder_id}": async () => {
    const params = { ...aRoom(), folder_id: t.folderId };
    expect((await call(roomFolderRoute.PATCH, t.keyB, { method: "PATCH", body: { name: "Taken" }, params })).status).toBe(404);
    const own = await roomOfB();
    const moveIntoA = { method: "PATCH", body: { parent_id: t.folderId }, params: { id: own.id, folder_id: own.folderId } };
    expect((await call(roomFolderRoute.PATCH, t.keyB, moveIntoA)).status).toBe(422);
  },
  "DELETE /api/v1/rooms/{id}/folders/{folder_id}": async () =>
    expect((await call(roomFolderRoute.DELETE, t.keyB, { method: "DELETE", params: { ...aRoom(), folder_id: t.folderId } })).status).toBe(
      404,
    ),
  "GET /api/v1/rooms/{id}/links": async () => expect((await call(roomLinksRoute.GET, t.keyB, { params: aRoom() })).status).toBe(404),
  "POST /api/v1/rooms/{id}/links": async () => {
    expect((await call(roomLinksRoute.POST, t.keyB, { method: "POST", body: { name: "Stolen" }, params: aRoom() })).status).toBe(404);
    // A link of B's own room cannot belong to A's group.
    const own = await roomOfB();
    const body = { name: "Stolen", group_id: t.groupId };
    expect((await call(roomLinksRoute.POST, t.keyB, { method: "POST", body, params: { id: own.id } })).status).toBe(422);
  },
  "PATCH /api/v1/rooms/{id}/links/{code}": async () => {
    const body = { is_active: false, settings: { gate_type: "none" } };
    expect((await call(roomLinkRoute.PATCH, t.keyB, { method: "PATCH", body, params: { ...aRoom(), code: t.roomLinkCode } })).status).toBe(
      404,
    );
    // Nor through a room of B's own.
    const own = await roomOfB();
    expect((await call(roomLinkRoute.PATCH, t.keyB, { method: "PATCH", body, params: { id: own.id, code: t.roomLinkCode } })).status).toBe(
      404,
    );
    // Nor can B give its own room's link to A's group.
    const ownLink = await call(roomLinksRoute.POST, t.keyB, { method: "POST", body: { name: "B's" }, params: { id: own.id } });
    const regroup = { method: "PATCH", body: { group_id: t.groupId }, params: { id: own.id, code: ownLink.body.code } };
    expect((await call(roomLinkRoute.PATCH, t.keyB, regroup)).status).toBe(422);
  },
  "DELETE /api/v1/rooms/{id}/links/{code}": async () => {
    expect((await call(roomLinkRoute.DELETE, t.keyB, { method: "DELETE", params: { ...aRoom(), code: t.roomLinkCode } })).status).toBe(404);
    const own = await roomOfB();
    expect((await call(roomLinkRoute.DELETE, t.keyB, { method: "DELETE", params: { id: own.id, code: t.roomLinkCode } })).status).toBe(404);
  },
  "GET /api/v1/rooms/{id}/groups": async () => expect((await call(roomGroupsRoute.GET, t.keyB, { params: aRoom() })).status).toBe(404),
  "POST /api/v1/rooms/{id}/groups": async () => {
    expect((await call(roomGroupsRoute.POST, t.keyB, { method: "POST", body: { name: "Mine" }, params: aRoom() })).status).toBe(404);
    // Nor can B's own group name A's folder or document.
    const own = await roomOfB();
    for (const entry of [{ folder_id: t.folderId }, { short_code: `s-${t.doc.code}` }]) {
      const body = { name: "Mine", access: [{ ...entry, level: "download" }] };
      expect((await call(roomGroupsRoute.POST, t.keyB, { method: "POST", body, params: { id: own.id } })).status).toBe(422);
    }
  },
  "GET /api/v1/rooms/{id}/groups/{group_id}": async () => {
    expect((await call(roomGroupRoute.GET, t.keyB, { params: { ...aRoom(), group_id: t.groupId } })).status).toBe(404);
    const own = await roomOfB();
    expect((await call(roomGroupRoute.GET, t.keyB, { params: { id: own.id, group_id: t.groupId } })).status).toBe(404);
  },
  "PATCH /api/v1/rooms/{id}/groups/{group_id}": async () => {
    const body = { default_access: "download" };
    expect((await call(roomGroupRoute.PATCH, t.keyB, { method: "PATCH", body, params: { ...aRoom(), group_id: t.groupId } })).status).toBe(
      404,
    );
    const own = await roomOfB();
    expect((await call(roomGroupRoute.PATCH, t.keyB, { method: "PATCH", body, params: { id: own.id, group_id: t.groupId } })).status).toBe(
      404,
    );
  },
  "GET /api/v1/questions": async () => {
    const { status, body } = await call(questionsRoute.GET, t.keyB);
    expect(status).toBe(200);
    expect(body.questions).toEqual([]);
  },
  "GET /api/v1/questions/{id}": async () => expect((await call(questionRoute.GET, t.keyB, { params: aQuestion() })).status).toBe(404),
  "PATCH /api/v1/questions/{id}": async () => {
    const { status } = await call(questionRoute.PATCH, t.keyB, { method: "PATCH", body: { status: "closed" }, params: aQuestion() });
    expect(status).toBe(404);
  },
  "POST /api/v1/questions/{id}/answers": async () => {
    const body = { text: "B's answer", visibility: "room" };
    expect((await call(answersRoute.POST, t.keyB, { method: "POST", body, params: aQuestion() })).status).toBe(404);
  },
  "PATCH /api/v1/questions/{id}/answers/{answer_id}": async () => {
    const params = { ...aQuestion(), answer_id: t.answerId };
    expect((await call(answerRoute.PATCH, t.keyB, { method: "PATCH", body: { text: "B's" }, params })).status).toBe(404);
  },
  "DELETE /api/v1/rooms/{id}/groups/{group_id}": async () => {
    expect((await call(roomGroupRoute.DELETE, t.keyB, { method: "DELETE", params: { ...aRoom(), group_id: t.groupId } })).status).toBe(404);
    const own = await roomOfB();
    expect((await call(roomGroupRoute.DELETE, t.keyB, { method: "DELETE", params: { id: own.id, group_id: t.groupId } })).status).toBe(404);
  },
  "GET /api/v1/rooms/{id}/stats": async () => expect((await call(roomStatsRoute.GET, t.keyB, { params: aRoom() })).status).toBe(404),
  "GET /api/v1/rooms/{id}/viewers": async () => expect((await call(roomViewersRoute.GET, t.keyB, { params: aRoom() })).status).toBe(404),
  "GET /api/v1/rooms/{id}/activity": async () => expect((await call(roomActivityRoute.GET, t.keyB, { params: aRoom() })).status).toBe(404),
  "GET /api/v1/team": async () => {
    const { status, body } = await call(teamRoute.GET, t.keyB);
    expect(status).toBe(200);
    expect(body.team.id).toBe(t.teamB);
    expect(body.members.map((m: { user_id: string }) => m.user_id)).not.toContain(t.memberA.id);
  },
  "POST /api/v1/team/invitations": async () => {
    const { status } = await call(invitationsRoute.POST, t.keyB, { method: "POST", body: { email: "guest@example.com", role: "admin" } });
    expect(status).toBe(201);
    expect(await db.invitation.count({ where: { teamId: t.teamB, email: "guest@example.com" } })).toBe(1);
  },
  "PATCH /api/v1/team/members/{user_id}": async () =>
    expect(
      (await call(memberRoute.PATCH, t.keyB, { method: "PATCH", body: { role: "admin" }, params: { user_id: t.memberA.id } })).status,
    ).toBe(404),
  "DELETE /api/v1/team/members/{user_id}": async () =>
    expect((await call(memberRoute.DELETE, t.keyB, { method: "DELETE", params: { user_id: t.memberA.id } })).status).toBe(404),
  "POST /api/v1/team/transfer": async () => {
    const { status } = await call(transferRoute.POST, t.keyB, { method: "POST", body: { user_id: t.ownerA.id } });
    expect([404, 422]).toContain(status);
  },
};

describe("isolation between teams on every /api/v1 operation", () => {
  it("has a case for every operation the OpenAPI document publishes", () => {
    const published = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(Object.keys(cases).sort()).toEqual(published.sort());
  });

  for (const [operation, run] of Object.entries(cases)) {
    it(`${operation}: another team's key touches nothing of team A`, async () => {
      const before = await teamASnapshot();
      await run();
      expect(await teamASnapshot()).toEqual(before);
    });
  }
});

describe("a read-only key on every /api/v1 operation", () => {
  let readKey: string;
  beforeAll(async () => {
    readKey = (await createApiKey({ teamId: t.teamA, userId: t.ownerA.id }, "Reports", "read")).key;
  });

  const room = () => ({ id: t.roomId });
  /** Each operation that changes something, called on team A's own things by its owner's read-only key. */
  const changes: Record<string, () => [unknown, { method: string; params?: Record<string, string>; body?: unknown; form?: FormData }]> = {
    "POST /api/v1/documents": () => [documentsRoute.POST, { method: "POST", form: new FormData() }],
    "PATCH /api/v1/documents/{short_code}": () => [documentRoute.PATCH, { method: "PATCH", body: { title: "Renamed" }, params: aDoc() }],
    "DELETE /api/v1/documents/{short_code}": () => [documentRoute.DELETE, { method: "DELETE", params: aDoc() }],
    "POST /api/v1/documents/{short_code}/versions": () => [versionsRoute.POST, { method: "POST", form: new FormData(), params: aDoc() }],
    "POST /api/v1/documents/{short_code}/versions/{number}/restore": () => [
      versionRestoreRoute.POST,
      { method: "POST", params: { ...aDoc(), number: "1" } },
    ],
    "POST /api/v1/webhooks": () => [
      webhooksRoute.POST,
      { method: "POST", body: { url: "https://hooks.example.com/r", events: ["lead.captured"] } },
    ],
    "DELETE /api/v1/webhooks": () => [webhooksRoute.DELETE, { method: "DELETE" }],
    "POST /api/v1/webhooks/test": () => [webhookTestRoute.POST, { method: "POST" }],
    "POST /api/v1/documents/{short_code}/links": () => [documentLinksRoute.POST, { method: "POST", body: { name: "New" }, params: aDoc() }],
    "PATCH /api/v1/links/{code}": () => [linkRoute.PATCH, { method: "PATCH", body: { name: "Renamed" }, params: aLink() }],
    "DELETE /api/v1/links/{code}": () => [linkRoute.DELETE, { method: "DELETE", params: aLink() }],
    "POST /api/v1/rooms": () => [roomsRoute.POST, { method: "POST", body: { name: "Another room" } }],
    "PATCH /api/v1/rooms/{id}": () => [roomRoute.PATCH, { method: "PATCH", body: { name: "Renamed" }, params: room() }],
    "DELETE /api/v1/rooms/{id}": () => [roomRoute.DELETE, { method: "DELETE", params: room() }],
    "POST /api/v1/rooms/{id}/documents": () => [roomDocumentsRoute.POST, { method: "POST", body: aDoc(), params: room() }],
    "PATCH /api/v1/rooms/{id}/documents/{short_code}": () => [
      roomDocumentRoute.PATCH,
      { method: "PATCH", body: { folder_id: null }, params: { ...room(), ...aDoc() } },
    ],
    "DELETE /api/v1/rooms/{id}/documents/{short_code}": () => [
      roomDocumentRoute.DELETE,
      { method: "DELETE", params: { ...room(), ...aDoc() } },
    ],
    "POST /api/v1/rooms/{id}/folders": () => [roomFoldersRoute.POST, { method: "POST", body: { name: "More" }, params: room() }],
    "PATCH /api/v1/rooms/{id}/folders/{folder_id}": () => [
      roomFolderRoute.PATCH,
      { method: "PATCH", body: { name: "Renamed" }, params: { ...room(), folder_id: t.folderId } },
    ],
    "DELETE /api/v1/rooms/{id}/folders/{folder_id}": () => [
      roomFolderRoute.DELETE,
      { method: "DELETE", params: { ...room(), folder_id: t.folderId } },
    ],
    "POST /api/v1/rooms/{id}/links": () => [roomLinksRoute.POST, { method: "POST", body: { name: "New" }, params: room() }],
    "PATCH /api/v1/rooms/{id}/links/{code}": () => [
      roomLinkRoute.PATCH,
      { method: "PATCH", body: { name: "Renamed" }, params: { ...room(), code: t.roomLinkCode } },
    ],
    "DELETE /api/v1/rooms/{id}/links/{code}": () => [
      roomLinkRoute.DELETE,
      { method: "DELETE", params: { ...room(), code: t.roomLinkCode } },
    ],
    "POST /api/v1/rooms/{id}/groups": () => [roomGroupsRoute.POST, { method: "POST", body: { name: "Bidder B" }, params: room() }],
    "PATCH /api/v1/rooms/{id}/groups/{group_id}": () => [
      roomGroupRoute.PATCH,
      { method: "PATCH", body: { default_access: "download" }, params: { ...room(), group_id: t.groupId } },
    ],
    "DELETE /api/v1/rooms/{id}/groups/{group_id}": () => [
      roomGroupRoute.DELETE,
      { method: "DELETE", params: { ...room(), group_id: t.groupId } },
    ],
    "PATCH /api/v1/questions/{id}": () => [questionRoute.PATCH, { method: "PATCH", body: { status: "closed" }, params: aQuestion() }],
    "POST /api/v1/questions/{id}/answers": () => [
      answersRoute.POST,
      { method: "POST", body: { text: "An answer", visibility: "room" }, params: aQuestion() },
    ],
    "PATCH /api/v1/questions/{id}/answers/{answer_id}": () => [
      answerRoute.PATCH,
      { method: "PATCH", body: { text: "Changed" }, params: { ...aQuestion(), answer_id: t.answerId } },
    ],
    "POST /api/v1/team/invitations": () => [
      invitationsRoute.POST,
      { method: "POST", body: { email: "guest@example.com", role: "member" } },
    ],
    "PATCH /api/v1/team/members/{user_id}": () => [
      memberRoute.PATCH,
      { method: "PATCH", body: { role: "admin" }, params: { user_id: t.memberA.id } },
    ],
    "DELETE /api/v1/team/members/{user_id}": () => [memberRoute.DELETE, { method: "DELETE", params: { user_id: t.memberA.id } }],
    "POST /api/v1/team/transfer": () => [transferRoute.POST, { method: "POST", body: { user_id: t.memberA.id } }],
  };

  it("has a case for every operation the OpenAPI document publishes that changes something", () => {
    const published = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((method) => ["post", "put", "patch", "delete"].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(Object.keys(changes).sort()).toEqual(published.sort());
  });

  for (const [operation, change] of Object.entries(changes)) {
    it(`${operation}: is refused with 403 forbidden and changes nothing`, async () => {
      const before = await teamASnapshot();
      const [handler, init] = change();
      const { status, body } = await call(handler, readKey, init);
      expect(status).toBe(403);
      expect(body.error).toMatchObject({ code: "forbidden", message: expect.stringMatching(/read-only/) });
      expect(await teamASnapshot()).toEqual(before);
    });
  }

  it("reads what its maker's role may read: documents, analytics, the team and the audit log", async () => {
    const reads = await Promise.all([
      call(documentsRoute.GET, readKey),
      call(statsRoute.GET, readKey, { params: aDoc() }),
      call(overviewRoute.GET, readKey),
      call(teamRoute.GET, readKey),
      call(auditLogRoute.GET, readKey),
      call(questionsRoute.GET, readKey),
      call(questionRoute.GET, readKey, { params: aQuestion() }),
      call(contactsRoute.GET, readKey),
    ]);
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(reads[5]!.body.questions.map((q: { id: string }) => q.id)).toEqual([t.questionId]);
    expect(reads[0]!.body.documents.map((d: { id: string }) => d.id)).toContain(t.doc.id);
  });
});
