import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { routeAt } from "../../test/support/api-route";
import { readerAddress, teamAccess, withWebhook } from "../../test/support/fixtures";
import { createApiKey } from "../auth/api-keys";
import { db } from "../db/client";
import { recordEvent } from "../events/record-event";
import { dispatchPendingEvents } from "../jobs/dispatch-events";
import { createRoom } from "../rooms/create-room";
import { deleteRoom } from "../rooms/delete-room";
import { createUser } from "../users/create-user";
import { openDoor } from "../viewer/doors/open-door";
import { deleteDocument } from "./delete-document";
import { eventDocument } from "./serialize";

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

/** An owner's team with an admin and two members; `as(user)` acts as them from the dashboard. */
async function team() {
  const [owner, admin, member, teammate] = await Promise.all([newUser("owner"), newUser("admin"), newUser("member"), newUser("teammate")]);
  const teamId = owner.personalTeamId;
  await db.teamMember.createMany({
    data: [
      { teamId, userId: admin.id, role: "admin" },
      { teamId, userId: member.id, role: "member" },
      { teamId, userId: teammate.id, role: "member" },
    ],
  });
  /** A document uploaded into the team by `user`. */
  const upload = (user: { id: string }, title: string) =>
    createSampleDocument({ id: user.id, personalTeamId: teamId }, title, 2, { email_gate: false });
  return {
    teamId,
    owner,
    admin,
    member,
    teammate,
    upload,
    asAdmin: teamAccess(teamId, admin.id, "admin"),
    asMember: teamAccess(teamId, member.id, "member"),
    asTeammate: teamAccess(teamId, teammate.id, "member"),
  };
}
let t: Awaited<ReturnType<typeof team>>;
beforeAll(async () => {
  t = await team();
});

const state = (id: string) =>
  db.document.findUniqueOrThrow({ where: { id }, select: { deletedAt: true, deletedById: true, isActive: true } });
const deletions = (code: string) => db.auditEntry.count({ where: { teamId: t.teamId, action: "document.deleted", targetId: `s-${code}` } });

describe("who may delete a document, from the dashboard's actions", () => {
  it("refuses a member deleting a teammate's document with 403 forbidden, changing nothing and recording nothing", async () => {
    const doc = await t.upload(t.teammate, "Teammate's deck");
    await expect(deleteDocument(t.asMember, doc.code)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    expect(await state(doc.id)).toEqual({ deletedAt: null, deletedById: null, isActive: true });
    expect(await deletions(doc.code)).toBe(0);
    expect((await openDoor("page", doc.code, readerAddress())).found?.state).toBe("active");
  });

  it("refuses a member deleting what a departed member uploaded (no uploader any more): only an admin may", async () => {
    const leaver = await newUser("leaver");
    await db.teamMember.create({ data: { teamId: t.teamId, userId: leaver.id, role: "member" } });
    const doc = await t.upload(leaver, "Left behind");
    await db.user.delete({ where: { id: leaver.id } });
    await expect(deleteDocument(t.asMember, doc.code)).rejects.toMatchObject({ code: "forbidden" });
    await deleteDocument(t.asAdmin, doc.code);
    expect((await state(doc.id)).deletedById).toBe(t.admin.id);
  });

  it("lets a member delete what they uploaded, and an admin what anyone uploaded; readers get 410 at once", async () => {
    const own = await t.upload(t.member, "Member's own");
    const others = await t.upload(t.teammate, "Another's");
    await deleteDocument(t.asMember, own.code);
    await deleteDocument(t.asAdmin, others.code);
    expect(await state(own.id)).toMatchObject({ deletedById: t.member.id, isActive: false, deletedAt: expect.any(Date) });
    expect(await state(others.id)).toMatchObject({ deletedById: t.admin.id, isActive: false });
    for (const doc of [own, others]) {
      expect((await openDoor("page", doc.code, readerAddress())).found).toEqual({ state: "gone" });
      expect(await deletions(doc.code)).toBe(1);
    }
  });

  it("holds rooms to the same rule: a member deletes the rooms they made, an admin any", async () => {
    const room = await createRoom(t.asTeammate, { name: "Teammate's room" });
    await expect(deleteRoom(t.asMember, room)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    expect((await db.room.findUniqueOrThrow({ where: { id: room.id } })).deletedAt).toBeNull();
    const own = await createRoom(t.asMember, { name: "Member's room" });
    await deleteRoom(t.asMember, own);
    await deleteRoom(t.asAdmin, room);
    expect(
      await db.room.findMany({ where: { id: { in: [room.id, own.id] } }, select: { deletedById: true }, orderBy: { name: "asc" } }),
    ).toEqual([{ deletedById: t.member.id }, { deletedById: t.admin.id }]);
  });
});

describe("DELETE /api/v1/documents/{short_code} with a member's key", () => {
  const route = routeAt("/api/v1/documents/{short_code}");
  const call = async (method: "GET" | "DELETE", key: string, code: string) => {
    const handler = route[method];
    const req = new Request(`http://localhost:3000/api/v1/documents/s-${code}`, { method, headers: { Authorization: `Bearer ${key}` } });
    return handler(req, { params: Promise.resolve({ short_code: `s-${code}` }) });
  };

  it("is 403 forbidden in the error envelope for a teammate's document; the admin's is 204, then 404, and readers get 410 at once", async () => {
    const { key: memberKey } = await createApiKey({ teamId: t.teamId, userId: t.member.id }, "member");
    const { key: adminKey } = await createApiKey({ teamId: t.teamId, userId: t.admin.id }, "admin");
    const doc = await t.upload(t.teammate, "Board deck");

    const refused = await call("DELETE", memberKey, doc.code);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "forbidden", message: expect.stringContaining("other members made") } });
    expect((await call("GET", memberKey, doc.code)).status).toBe(200);
    expect(await state(doc.id)).toMatchObject({ deletedAt: null });

    const deleted = await call("DELETE", adminKey, doc.code);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect((await openDoor("page", doc.code, readerAddress())).found).toEqual({ state: "gone" });
    expect((await call("GET", memberKey, doc.code)).status).toBe(404);
    expect((await call("DELETE", adminKey, doc.code)).status).toBe(404);
  });

  it("lets the member's key delete what the member uploaded: 204", async () => {
    const { key } = await createApiKey({ teamId: t.teamId, userId: t.member.id }, "member's own");
    const doc = await t.upload(t.member, "Mine");
    expect((await call("DELETE", key, doc.code)).status).toBe(204);
  });
});

describe("a document in the Trash and the webhook", () => {
  it("sends no delivery for an event of a document deleted before it was dispatched (a reading rolled up late)", async () => {
    const doc = await t.upload(t.member, "Late reading");
    await withWebhook(t.teamId, "https://hooks.example.com/trash");
    await dispatchPendingEvents();
    const deliveries = () => db.webhookDelivery.count({ where: { event: { documentId: doc.id } } });
    const before = await deliveries();
    expect(before).toBe(1);
    await deleteDocument(t.asMember, doc.code);
    await db.$transaction((tx) =>
      recordEvent(tx, {
        teamId: t.teamId,
        documentId: doc.id,
        type: "document.downloaded",
        data: {
          document: eventDocument(doc),
          link: { code: doc.code, name: null },
          viewer: { email: null, company_domain: null, visit_number: 0 },
          download: { downloaded_at: new Date().toISOString() },
        },
      }),
    );
    await dispatchPendingEvents();
    expect(await deliveries()).toBe(before);
    expect(await db.event.count({ where: { documentId: doc.id, dispatchedAt: null } })).toBe(0);
  });
});
