import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { queueEvent, teamAccess, withWebhook } from "@/test/support/fixtures";
import { createApiKey, regenerateApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import { deleteDocument } from "@/lib/documents/delete-document";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { createLink } from "@/lib/links/create-link";
import { findOwnedLink } from "@/lib/links/find-link";
import { createRoom } from "@/lib/rooms/create-room";
import { createRoomLink } from "@/lib/rooms/create-room-link";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { findRoomLink } from "@/lib/rooms/find-room-link";
import { changeMemberRole, removeMember, transferOwnership } from "@/lib/teams/manage-team";
import { switchTeam } from "@/lib/teams/session-team";
import { startSession } from "@/lib/users/account-sessions";
import { createUser } from "@/lib/users/create-user";
import { createInvitation, revokeInvitation } from "@/lib/users/invitations";
import { redeliver } from "@/lib/webhooks/manage-webhook";

/**
 * Isolation between teams for the dashboard: every server action finds what it acts on through
 * these calls, with the signed-in member's team (lib/http/actions/*). An admin of team B naming
 * team A's document, link, key, delivery, invitation or member reaches nothing and changes nothing.
 */

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

async function twoTeams() {
  const [ownerA, memberA, ownerB] = await Promise.all([newUser("owner-a"), newUser("member-a"), newUser("owner-b")]);
  const teamA = ownerA.personalTeamId;
  await db.teamMember.create({ data: { teamId: teamA, userId: memberA.id, role: "member" } });
  const asA = teamAccess(teamA, ownerA.id, "owner");
  const doc = await createSampleDocument(ownerA, "Team A deck", 2, { email_gate: false });
  const link = await createLink(asA, doc, { name: "For Acme" });
  const { apiKey } = await createApiKey(asA, "A's key");
  await withWebhook(teamA, "https://hooks.example.com/a");
  const { deliveryId } = await queueEvent(teamA, doc);
  const { invitation } = await createInvitation(asA, { email: "guest-a@example.com", role: "member" });
  const room = await createRoom(asA, { name: "Team A room" });
  const roomLink = await createRoomLink(asA, room, { name: "For Acme" });
  const asB = teamAccess(ownerB.personalTeamId, ownerB.id, "owner");
  return { teamA, ownerA, memberA, ownerB, asB, doc, link, apiKey, deliveryId, invitation, room, roomLink };
}

let t: Awaited<ReturnType<typeof twoTeams>>;
beforeAll(async () => {
  t = await twoTeams();
});

async function teamASnapshot() {
  const [document, links, keys, deliveries, invitations, members] = await Promise.all([
    db.document.findUniqueOrThrow({ where: { id: t.doc.id }, select: { deletedAt: true, title: true } }),
    db.link.findMany({ where: { documentId: t.doc.id }, select: { code: true, disabledAt: true, deletedAt: true } }),
    db.apiKey.findMany({ where: { teamId: t.teamA }, select: { id: true, keyHash: true, revokedAt: true } }),
    db.webhookDelivery.count({ where: { webhook: { teamId: t.teamA } } }),
    db.invitation.findMany({ where: { teamId: t.teamA }, select: { id: true, revokedAt: true } }),
    db.teamMember.findMany({ where: { teamId: t.teamA }, orderBy: { userId: "asc" }, select: { userId: true, role: true } }),
  ]);
  return { document, links, keys, deliveries, invitations, members };
}

const refused = { status: 404 };

const cases: Record<string, () => Promise<void>> = {
  "a document's settings, links and CSV (findOwnedDocument)": async () =>
    expect(findOwnedDocument(t.asB.teamId, t.doc.code)).rejects.toMatchObject(refused),
  "a link's edit, enable, disable and delete (findOwnedLink)": async () =>
    expect(findOwnedLink(t.asB.teamId, t.link.code)).rejects.toMatchObject(refused),
  "every room action: its contents, folders, links and settings (findOwnedRoom)": async () =>
    expect(findOwnedRoom(t.asB.teamId, t.room.id)).rejects.toMatchObject(refused),
  "a room link's edit, enable, disable and delete, named from a room of one's own (findRoomLink)": async () => {
    const own = await createRoom(t.asB, { name: "Team B room" });
    await expect(findRoomLink(own, t.roomLink.code)).rejects.toMatchObject(refused);
  },
  "deleting a document": async () => expect(deleteDocument(t.asB, t.doc.code)).rejects.toMatchObject(refused),
  "revoking an API key": async () => expect(await revokeApiKey(t.asB, t.apiKey.id)).toBe(false),
  "regenerating an API key": async () => expect(await regenerateApiKey(t.asB, t.apiKey.id)).toBeNull(),
  "redelivering a webhook delivery": async () => expect(redeliver(t.asB.teamId, t.deliveryId)).rejects.toMatchObject(refused),
  "revoking an invitation": async () => expect(await revokeInvitation(t.asB, t.invitation.id)).toBe(false),
  "changing a member's role": async () => expect(changeMemberRole(t.asB, t.memberA.id, "admin")).rejects.toMatchObject(refused),
  "removing a member": async () => expect(removeMember(t.asB, t.memberA.id)).rejects.toMatchObject(refused),
  "transferring ownership to another team's member": async () =>
    expect(transferOwnership(t.asB, t.memberA.id)).rejects.toMatchObject(refused),
  "switching to a team one is not in": async () => {
    const session = await startSession(t.ownerB.id);
    const { id } = await db.session.findUniqueOrThrow({ where: { sessionToken: session } });
    await expect(switchTeam(t.ownerB.id, id, t.teamA)).rejects.toMatchObject(refused);
    expect((await db.session.findUniqueOrThrow({ where: { id } })).activeTeamId).not.toBe(t.teamA);
  },
};

describe("isolation between teams in the dashboard's actions", () => {
  for (const [what, run] of Object.entries(cases)) {
    it(`${what}: another team's admin reaches nothing of team A`, async () => {
      const before = await teamASnapshot();
      await run();
      expect(await teamASnapshot()).toEqual(before);
    });
  }
});
