import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DASHBOARD_ADDRESS, ownerAccess } from "../../test/support/fixtures";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { createApiKey, regenerateApiKey, revokeApiKey } from "../auth/api-keys";
import { db } from "../db/client";
import { deleteDocument } from "../documents/delete-document";
import { changeDocumentSettings } from "../links/change-document-settings";
import { createLink } from "../links/create-link";
import { deleteLink } from "../links/delete-link";
import { findOwnedLink } from "../links/find-link";
import { updateLink } from "../links/update-link";
import { pruneExpired } from "../retention/prune-expired";
import { addRoomDocument } from "../rooms/add-room-document";
import { changeFolder } from "../rooms/change-folder";
import { createFolder } from "../rooms/create-folder";
import { createRoom } from "../rooms/create-room";
import { createRoomLink } from "../rooms/create-room-link";
import { deleteFolder } from "../rooms/delete-folder";
import { deleteRoom } from "../rooms/delete-room";
import { moveRoomDocument } from "../rooms/move-room-document";
import { removeRoomDocument } from "../rooms/remove-room-document";
import { updateRoom } from "../rooms/update-room";
import { changeMemberRole, deleteTeam, removeMember, renameTeam, transferOwnership } from "../teams/manage-team";
import type { TeamAccess } from "../teams/permissions";
import { createUser } from "../users/create-user";
import { acceptInvitation, createInvitation, revokeInvitation } from "../users/invitations";
import { updateNotificationPreferences } from "../users/notification-preferences";
import { deleteWebhook, saveWebhook } from "../webhooks/manage-webhook";
import { recordAudit } from "./record-audit";

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

/** An owner's team with an admin and a member, each acting from the dashboard. */
async function team() {
  const [owner, admin, member] = await Promise.all([newUser("owner"), newUser("admin"), newUser("member")]);
  const teamId = owner.personalTeamId;
  await db.teamMember.createMany({
    data: [
      { teamId, userId: admin.id, role: "admin" },
      { teamId, userId: member.id, role: "member" },
    ],
  });
  const as = (user: { id: string }, role: TeamAccess["role"]): TeamAccess => ({
    teamId,
    userId: user.id,
    role,
    keyAccess: null,
    apiKeyId: null,
    address: DASHBOARD_ADDRESS,
  });
  return { teamId, owner, admin, member, asOwner: as(owner, "owner"), asAdmin: as(admin, "admin"), asMember: as(member, "member") };
}

const entries = (teamId: string) => db.auditEntry.findMany({ where: { teamId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

/** The entries `change` adds to the team's log (none when it throws). */
async function added(teamId: string, change: () => Promise<unknown>) {
  const before = new Set((await entries(teamId)).map((e) => e.id));
  await change().catch(() => undefined);
  return (await entries(teamId)).filter((e) => !before.has(e.id));
}

describe("recordAudit", () => {
  it("copies the actor's email, name and key name, and the address, as they are when it is written", async () => {
    const t = await team();
    const { apiKey } = await createApiKey({ teamId: t.teamId, userId: t.admin.id }, "CRM sync");
    await db.$transaction((tx) =>
      recordAudit(
        tx,
        { teamId: t.teamId, userId: t.admin.id, apiKeyId: apiKey.id, address: "198.51.100.4" },
        { action: "team.renamed", target: { id: t.teamId, label: "Acme" } },
      ),
    );
    await db.user.update({ where: { id: t.admin.id }, data: { email: `renamed-${t.admin.email}` } });
    const [entry] = (await entries(t.teamId)).filter((e) => e.action === "team.renamed");
    expect(entry).toMatchObject({
      actorUserId: t.admin.id,
      actorEmail: t.admin.email,
      actorApiKeyId: apiKey.id,
      actorApiKeyName: "CRM sync",
      actorAddress: "198.51.100.4",
      targetType: "team",
    });
  });

  it("writes nothing when the change's transaction rolls back", async () => {
    const t = await team();
    const failed = db.$transaction(async (tx) => {
      await recordAudit(tx, t.asOwner, { action: "team.renamed", target: { id: t.teamId, label: "Never" } });
      throw new Error("the change failed after its entry");
    });
    await expect(failed).rejects.toThrow("the change failed");
    expect(await entries(t.teamId)).toEqual([]);
  });
});

describe("every change records one entry, and a refused or invalid one none", () => {
  it("members, invitations and the team", async () => {
    const t = await team();
    const joiner = await newUser("joiner");
    const one = async (change: () => Promise<unknown>) => {
      const got = await added(t.teamId, change);
      expect(got.map((e) => e.action)).toHaveLength(1);
      return got[0]!;
    };
    const none = async (change: () => Promise<unknown>) => expect(await added(t.teamId, change)).toEqual([]);

    const invited = await one(() => createInvitation(t.asAdmin, { email: joiner.email, role: "member" }));
    expect(invited).toMatchObject({
      action: "member.invited",
      targetLabel: joiner.email,
      actorUserId: t.admin.id,
      actorAddress: DASHBOARD_ADDRESS,
    });
    await none(() => createInvitation(t.asMember, { email: "x@example.com" }));
    const { token, invitation } = await createInvitation(t.asOwner, { email: joiner.email });
    expect(await one(() => acceptInvitation(token, joiner))).toMatchObject({
      action: "member.joined",
      actorUserId: joiner.id,
      targetId: joiner.id,
    });
    const { invitation: spare } = await createInvitation(t.asOwner, {});
    expect(await one(() => revokeInvitation(t.asAdmin, spare.id))).toMatchObject({ action: "invitation.revoked", targetId: spare.id });
    await none(() => revokeInvitation(t.asAdmin, invitation.id));

    const promoted = await one(() => changeMemberRole(t.asAdmin, t.member.id, "admin"));
    expect(promoted).toMatchObject({ action: "member.role_changed", details: { changes: { role: { from: "member", to: "admin" } } } });
    await none(() => changeMemberRole(t.asAdmin, t.member.id, "admin"));
    await none(() => changeMemberRole(t.asAdmin, t.owner.id, "member"));
    expect(await one(() => removeMember(t.asAdmin, joiner.id))).toMatchObject({ action: "member.removed", targetLabel: joiner.email });
    expect(await one(() => removeMember({ ...t.asMember, role: "admin" }, t.member.id))).toMatchObject({ action: "member.left" });
    await none(() => removeMember(t.asAdmin, t.owner.id));

    expect(await one(() => renameTeam(t.asOwner, "Acme sales"))).toMatchObject({ action: "team.renamed", targetLabel: "Acme sales" });
    await none(() => renameTeam(t.asOwner, "   "));
    await none(() => renameTeam(t.asAdmin, "Admins rule"));
    const transferred = await one(() => transferOwnership(t.asOwner, t.admin.id));
    expect(transferred).toMatchObject({ action: "team.ownership_transferred", details: { to: { user_id: t.admin.id } } });
    await none(() => transferOwnership(t.asOwner, t.admin.id));

    const choices = { digests: "all", new_leads: false, completed_reads: true, team_alerts: true } as const;
    const preferences = await one(() => updateNotificationPreferences(t.asOwner, choices));
    expect(preferences).toMatchObject({
      action: "notification_preferences.changed",
      details: { changes: { new_leads: { from: true, to: false } } },
    });
    await none(() => updateNotificationPreferences(t.asOwner, choices));
    await none(() => updateNotificationPreferences(t.asOwner, { ...choices, new_leads: "no" }));
  });

  it("API keys and the webhook", async () => {
    const t = await team();
    const created = await added(t.teamId, () => createApiKey(t.asAdmin, "Zapier"));
    expect(created).toMatchObject([{ action: "api_key.created", targetLabel: "Zapier" }]);
    const keyId = created[0]!.targetId;
    expect((await added(t.teamId, () => regenerateApiKey(t.asAdmin, keyId))).map((e) => e.action)).toEqual([
      "api_key.revoked",
      "api_key.created",
    ]);
    expect(await added(t.teamId, () => revokeApiKey(t.asAdmin, keyId))).toEqual([]);

    expect(await added(t.teamId, () => saveWebhook(t.asAdmin, { url: "https://user:secret@hooks.example/in" }))).toEqual([]);
    expect(await added(t.teamId, () => saveWebhook(t.asAdmin, { url: "https://hooks.example/in/T0SECRET" }))).toMatchObject([
      { action: "webhook.saved", targetLabel: "hooks.example", details: { created: true } },
    ]);
    await db.webhook.updateMany({ where: { teamId: t.teamId }, data: { isActive: false } });
    expect(await added(t.teamId, () => saveWebhook(t.asAdmin, { url: "https://other.example:8443/new/T1SECRET" }))).toMatchObject([
      {
        action: "webhook.enabled",
        targetLabel: "other.example:8443",
        details: { changes: { url: { from: "hooks.example", to: "other.example:8443" } } },
      },
    ]);
    expect(await added(t.teamId, () => deleteWebhook(t.asAdmin))).toMatchObject([
      { action: "webhook.deleted", targetLabel: "other.example:8443" },
    ]);
    // A hook URL is a secret: no entry holds one, whatever reads the log.
    const entries = await db.auditEntry.findMany({ where: { teamId: t.teamId } });
    expect(JSON.stringify(entries)).not.toMatch(/SECRET/);
    expect(await added(t.teamId, () => deleteWebhook(t.asAdmin))).toEqual([]);
  });

  it("documents and links, naming what changed", async () => {
    const t = await team();
    const [made] = await added(t.teamId, () => createSampleDocument(t.owner, "Deck Q3", 4, { email_gate: true, gate_page: 3 }));
    expect(made).toMatchObject({ action: "document.created", targetLabel: "Deck Q3" });
    const doc = await db.document.findFirstOrThrow({ where: { teamId: t.teamId } });
    const code = `s-${doc.code}`;

    expect(await added(t.teamId, () => changeDocumentSettings(t.asMember, doc, { gate_page: 2, password: "open sesame" }))).toMatchObject([
      {
        action: "document.updated",
        targetId: code,
        details: { changes: { gate_page: { from: 3, to: 2 }, password: { from: false, to: true } } },
      },
    ]);
    expect(await added(t.teamId, () => changeDocumentSettings(t.asMember, doc, { gate_page: 99 }))).toEqual([]);

    const [linked] = await added(t.teamId, () => createLink(t.asMember, doc, { name: "Acme — Ann", settings: { gate_page: 3 } }));
    expect(linked).toMatchObject({ action: "link.created", targetLabel: "Acme — Ann", details: { document: { short_code: code } } });
    const link = await findOwnedLink(t.teamId, linked!.targetId);
    // The link's own preview follows the document's new gate: one entry, the document's.
    expect((await added(t.teamId, () => changeDocumentSettings(t.asMember, doc, { email_gate: false }))).map((e) => e.action)).toEqual([
      "document.updated",
    ]);
    expect(await added(t.teamId, () => updateLink(t.asMember, link, { is_active: false }))).toMatchObject([
      { action: "link.updated", details: { changes: { is_active: { from: true, to: false } } } },
    ]);
    expect(await added(t.teamId, () => deleteLink(t.asMember, link))).toMatchObject([{ action: "link.deleted" }]);
    expect(await added(t.teamId, () => deleteLink(t.asMember, link))).toEqual([]);
    // The owner uploaded it: a member may not delete it, an admin may.
    expect(await added(t.teamId, () => deleteDocument(t.asMember, code))).toEqual([]);
    expect(await added(t.teamId, () => deleteDocument(t.asAdmin, code))).toMatchObject([{ action: "document.deleted", targetId: code }]);
    expect(await added(t.teamId, () => deleteDocument(t.asAdmin, code))).toEqual([]);
  });
});

describe("every change of a room records one entry about the room, and a refused one none", () => {
  it("the room, its folders, its documents and its links", async () => {
    const t = await team();
    const doc = await createSampleDocument(t.owner, "Deck Q3", 1);
    const code = `s-${doc.code}`;
    const [made] = await added(t.teamId, () => createRoom(t.asMember, { name: "Series A" }));
    expect(made).toMatchObject({ action: "room.created", targetType: "room", targetLabel: "Series A" });
    const room = await db.room.findUniqueOrThrow({ where: { id: made!.targetId } });
    const about = { targetType: "room", targetId: room.id };

    expect(
      await added(t.teamId, () => updateRoom(t.asMember, room, { settings: { gate_type: "none", password: "open sesame" } })),
    ).toMatchObject([
      {
        ...about,
        action: "room.updated",
        details: { changes: { gate_type: { from: "full", to: "none" }, password: { from: false, to: true } } },
      },
    ]);
    expect(await added(t.teamId, () => updateRoom(t.asMember, room, { name: "Series A" }))).toEqual([]);

    const [folderMade] = await added(t.teamId, () => createFolder(t.asMember, room, { name: "Legal" }));
    expect(folderMade).toMatchObject({
      ...about,
      action: "room.folders_changed",
      details: { change: "created", folder: { name: "Legal" } },
    });
    const folderId = (folderMade!.details as { folder: { id: string } }).folder.id;
    expect(await added(t.teamId, () => changeFolder(t.asMember, room, folderId, { name: "Legal & tax" }))).toMatchObject([
      { ...about, action: "room.folders_changed", details: { changes: { name: { from: "Legal", to: "Legal & tax" } } } },
    ]);
    expect(await added(t.teamId, () => changeFolder(t.asMember, room, folderId, { parent_id: folderId }))).toEqual([]);

    expect(await added(t.teamId, () => addRoomDocument(t.asMember, room, { short_code: code }))).toMatchObject([
      { ...about, action: "room.document_added", details: { document: { short_code: code, title: "Deck Q3" }, folder: null } },
    ]);
    expect(await added(t.teamId, () => addRoomDocument(t.asMember, room, { short_code: code, folder_id: folderId }))).toEqual([]);
    expect(await added(t.teamId, () => moveRoomDocument(t.asMember, room, code, { folder_id: folderId }))).toMatchObject([
      { ...about, action: "room.document_moved", details: { changes: { folder: { from: null, to: "Legal & tax" } } } },
    ]);
    expect(await added(t.teamId, () => deleteFolder(t.asMember, room, folderId))).toMatchObject([
      { ...about, action: "room.folders_changed", details: { change: "deleted", moved_up: { folders: 0, documents: 1 } } },
    ]);
    expect(await added(t.teamId, () => removeRoomDocument(t.asMember, room, code))).toMatchObject([
      { ...about, action: "room.document_removed" },
    ]);
    expect(await added(t.teamId, () => removeRoomDocument(t.asMember, room, code))).toEqual([]);

    const [linked] = await added(t.teamId, () =>
      createRoomLink(t.asMember, room, { name: "Acme — Ann", settings: { password: "open sesame" } }),
    );
    expect(linked).toMatchObject({
      ...about,
      action: "room.link_created",
      details: { link: { name: "Acme — Ann" }, settings: { password: true } },
    });
    expect(await added(t.teamId, () => deleteRoom(t.asMember, room))).toMatchObject([{ ...about, action: "room.deleted" }]);
    expect(await added(t.teamId, () => deleteRoom(t.asMember, room))).toEqual([]);
    expect(await added(t.teamId, () => createFolder(t.asMember, room, { name: "Too late" }))).toEqual([]);
  });
});

describe("keeping the log", () => {
  it("is never pruned by the retention sweep, and goes with its team", async () => {
    const owner = await newUser("keeper");
    await renameTeam(ownerAccess(owner), "Old times");
    await db.auditEntry.updateMany({ where: { teamId: owner.personalTeamId }, data: { createdAt: new Date("2001-01-01T00:00:00Z") } });
    await pruneExpired(1);
    expect(await db.auditEntry.count({ where: { teamId: owner.personalTeamId } })).toBe(1);
    await deleteTeam(ownerAccess(owner));
    expect(await db.auditEntry.count({ where: { teamId: owner.personalTeamId } })).toBe(0);
  });
});
