import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { teamAccess } from "@/test/support/fixtures";
import { db } from "../db/client";
import { MAX_FOLDER_DEPTH } from "../schemas/rooms";
import { createUser } from "../users/create-user";
import { createFolder } from "./create-folder";
import { createRoom } from "./create-room";
import { findOwnedRoom } from "./find-room";
import { folderAtPath } from "./folder-at-path";

async function newRoom() {
  const owner = await createUser({ email: `bulk-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const access = teamAccess(owner.personalTeamId, owner.id, "owner");
  const made = await createRoom(access, { name: "Deal room" });
  return { access, room: await findOwnedRoom(owner.personalTeamId, made.id) };
}

/** The room's folders as paths, sorted. */
async function folderPaths(roomId: string): Promise<string[]> {
  const folders = await db.roomFolder.findMany({ where: { roomId } });
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const pathOf = (id: string): string => {
    const folder = byId.get(id)!;
    return folder.parentId ? `${pathOf(folder.parentId)}/${folder.name}` : folder.name;
  };
  return folders.map((folder) => pathOf(folder.id)).sort();
}

describe("a dropped file's folder path in a room", () => {
  it("makes each missing folder once, even for files of one drop placed at the same time", async () => {
    const { access, room } = await newRoom();
    const paths = [["Deal", "Legal", "NDAs"], ["Deal", "Legal"], ["Deal", "Financials"], ["Deal", "Legal", "NDAs"], ["Deal"]];
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => folderAtPath(access, room, null, paths[i % paths.length]!)));
    expect(await folderPaths(room.id)).toEqual(["Deal", "Deal/Financials", "Deal/Legal", "Deal/Legal/NDAs"]);
    expect(new Set(ids).size).toBe(4);
    const audited = await db.auditEntry.count({ where: { targetId: room.id, action: "room.folders_changed" } });
    expect(audited).toBe(4);
  });

  it("uses the folders the room has, under the folder chosen for the drop, and the chosen folder itself for a loose file", async () => {
    const { access, room } = await newRoom();
    const legal = await createFolder(access, room, { name: "Legal" });
    const inside = await folderAtPath(access, room, legal.id, ["2026", "Board"]);
    expect(await folderAtPath(access, room, legal.id, [])).toBe(legal.id);
    expect(await folderAtPath(access, room, null, ["Legal", "2026", "Board"])).toBe(inside);
    expect(await folderAtPath(access, room, null, [])).toBeNull();
    expect(await folderPaths(room.id)).toEqual(["Legal", "Legal/2026", "Legal/2026/Board"]);
  });

  it("refuses another room's folder and a path deeper than a room nests, making nothing", async () => {
    const { access, room } = await newRoom();
    const other = await newRoom();
    const theirs = await createFolder(other.access, other.room, { name: "Theirs" });
    await expect(folderAtPath(access, room, theirs.id, ["Mine"])).rejects.toMatchObject({ code: "validation_error" });
    const deep = Array.from({ length: MAX_FOLDER_DEPTH + 1 }, (_, i) => `Level ${i + 1}`);
    await expect(folderAtPath(access, room, null, deep)).rejects.toMatchObject({ code: "validation_error" });
    expect(await folderPaths(room.id)).toEqual([]);
  });
});
