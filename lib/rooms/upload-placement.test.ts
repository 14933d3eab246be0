import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { routeAt, type Json } from "@/test/support/api-route";
import { ownerAccess } from "@/test/support/fixtures";
import { roomOf } from "@/test/support/room-reads";
import { onDisk } from "@/test/support/versions";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { createApiKey } from "../auth/api-keys";
import { db } from "../db/client";
import { createDocument } from "../documents/create-document";
import { ApiError } from "../errors";
import type { Room, RoomFolder } from "../generated/prisma/client";
import { CLIENT_ADDRESS_HEADER, stampFor } from "../request/client-address";
import { storage } from "../storage";
import { createUser } from "../users/create-user";
import { uploadPlacement } from "./upload-placement";

const documentsRoute = routeAt("/api/v1/documents");

let owner: Awaited<ReturnType<typeof createUser>>;
let key: string;
let readOnlyKey: string;
let room: Room;
let folder: RoomFolder;
let otherTeamsRoom: Room;
let otherTeamsFolder: RoomFolder;

async function upload(fields: Record<string, string>, as = key): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await samplePdf(2, "Placed"))], { type: "application/pdf" }), "placed.pdf");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const req = new Request("http://localhost:3000/api/v1/documents", {
    method: "POST",
    headers: { Authorization: `Bearer ${as}`, [CLIENT_ADDRESS_HEADER]: stampFor("198.51.100.29") },
    body: form,
  });
  const response = await documentsRoute.POST(req, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Json };
}

const placed = async (shortCode: string) => {
  const doc = await db.document.findUniqueOrThrow({ where: { code: shortCode.replace(/^s-/, "") } });
  return db.roomDocument.findMany({ where: { documentId: doc.id }, select: { roomId: true, folderId: true, position: true } });
};
const teamDocuments = () => db.document.count({ where: { teamId: owner.personalTeamId } });
const storedKeys = async () => (await storage().list("documents/")).map((object) => object.key).sort();

beforeAll(async () => {
  owner = await createUser({ email: `placement-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const stranger = await createUser({ email: `placement-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  key = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "placement")).key;
  readOnlyKey = (await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "read only", "read")).key;
  room = await roomOf(owner.personalTeamId, "Project Atlas", []);
  folder = await db.roomFolder.create({ data: { roomId: room.id, name: "Financials" } });
  otherTeamsRoom = await roomOf(stranger.personalTeamId, "Not yours", []);
  otherTeamsFolder = await db.roomFolder.create({ data: { roomId: otherTeamsRoom.id, name: "Theirs" } });
});

describe("an API upload that names a room or a room folder", () => {
  it("puts the new document last in the folder, the folder's room found from it; room_id alone puts it at the top level", async () => {
    const first = await upload({ folder_id: folder.id });
    expect(first.status).toBe(201);
    expect(await placed(first.body.short_code)).toEqual([{ roomId: room.id, folderId: folder.id, position: 0 }]);
    const second = await upload({ room_id: room.id, folder_id: folder.id, title: "Second" });
    expect(await placed(second.body.short_code)).toEqual([{ roomId: room.id, folderId: folder.id, position: 1 }]);
    const top = await upload({ room_id: room.id });
    expect(await placed(top.body.short_code)).toEqual([{ roomId: room.id, folderId: null, position: 0 }]);
    const audited = await db.auditEntry.count({ where: { teamId: owner.personalTeamId, action: "room.document_added" } });
    expect(audited).toBe(3);
  });

  it("refuses another team's room or folder, a folder of another room and a malformed id, making no document and storing nothing", async () => {
    const [documentsBefore, keysBefore] = [await teamDocuments(), await storedKeys()];
    const otherRoom = await roomOf(owner.personalTeamId, "Other", []);
    const refusals: Array<[Record<string, string>, number, string]> = [
      [{ room_id: otherTeamsRoom.id }, 422, "room_id"],
      [{ folder_id: otherTeamsFolder.id }, 422, "folder_id"],
      [{ room_id: otherRoom.id, folder_id: folder.id }, 422, "folder_id"],
      [{ folder_id: crypto.randomUUID() }, 422, "folder_id"],
      [{ room_id: "atlas" }, 422, "room_id"],
    ];
    for (const [fields, status, field] of refusals) {
      const { status: got, body } = await upload(fields);
      expect([fields, got, Object.keys(body.error.fields ?? {})]).toEqual([fields, status, [field]]);
    }
    await db.room.update({ where: { id: otherRoom.id }, data: { deletedAt: new Date() } });
    expect((await upload({ room_id: otherRoom.id })).status).toBe(422);
    expect([await teamDocuments(), await storedKeys()]).toEqual([documentsBefore, keysBefore]);
  });

  it("is refused whole when the folder is deleted after the check: no document, no files", async () => {
    const doomed = await db.roomFolder.create({ data: { roomId: room.id, name: "Doomed" } });
    const place = await uploadPlacement(ownerAccess(owner), { folder_id: doomed.id });
    await db.roomFolder.delete({ where: { id: doomed.id } });
    const [documentsBefore, keysBefore] = [await teamDocuments(), await storedKeys()];
    const refused = await onDisk(await samplePdf(2), (file) =>
      createDocument(ownerAccess(owner), file, {}, { inTransaction: place }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(422);
    expect([await teamDocuments(), await storedKeys()]).toEqual([documentsBefore, keysBefore]);
  });

  it("needs a key that may change documents", async () => {
    const { status, body } = await upload({ room_id: room.id }, readOnlyKey);
    expect([status, body.error.code]).toEqual([403, "forbidden"]);
  });
});
