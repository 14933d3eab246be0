import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import type { Room } from "@/lib/generated/prisma/client";
import { addRoomDocument } from "@/lib/rooms/add-room-document";
import { createRoom } from "@/lib/rooms/create-room";
import { createRoomLink } from "@/lib/rooms/create-room-link";
import { createUser } from "@/lib/users/create-user";
import { roomPageData } from "./room-page-data";

const newOwner = () => createUser({ email: `room-page-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

let owner: Awaited<ReturnType<typeof newOwner>>;
let room: Room;

beforeAll(async () => {
  owner = await newOwner();
  const actor = { teamId: owner.personalTeamId, userId: owner.id };
  const inRoom = await createSampleDocument(owner, "Deck in the room", 1);
  await createSampleDocument(owner, "Another deck", 1);
  room = await createRoom(actor, { name: "Series A" });
  await addRoomDocument(actor, room, { short_code: inRoom.code });
  await createRoomLink(actor, room, { name: "Jane" });
});

describe("roomPageData", () => {
  it("gives the room's contents and links, and offers only the team's documents not in it yet", async () => {
    const { detail, links, addable } = await roomPageData(owner.personalTeamId, room.id);
    expect(detail.documents.map((entry) => entry.title)).toEqual(["Deck in the room"]);
    expect(links.map((link) => link.name)).toEqual(["Jane"]);
    expect(addable.map(([, title]) => title)).toEqual(["Another deck"]);
    expect(addable[0]![0]).toMatch(/^s-/);
  });

  it("refuses another team's room as not found", async () => {
    const other = await newOwner();
    await expect(roomPageData(other.personalTeamId, room.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
