import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { ownerAccess } from "@/test/support/fixtures";
import { createUser } from "../users/create-user";
import { addRoomDocument } from "./add-room-document";
import { createFolder } from "./create-folder";
import { createRoom } from "./create-room";
import { createRoomGroup } from "./create-room-group";
import { deleteFolder } from "./delete-folder";
import { roomReaderContents } from "./room-reader-contents";

describe("deleting a folder a group could not see into", () => {
  it("keeps what it held hidden from that group once it moves up, and as it was for the others", async () => {
    const user = await createUser({ email: `keep-levels-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
    const owner = ownerAccess(user);
    const room = await createRoom(owner, { name: "Tidy" });
    const bidderA = await createFolder(owner, room, { name: "Bidder A" });
    const inside = await createFolder(owner, room, { name: "Offers", parent_id: bidderA.id });
    const offer = await createSampleDocument(user, "Offer", 1, { email_gate: false });
    const memo = await createSampleDocument(user, "Memo", 1, { email_gate: false });
    await addRoomDocument(owner, room, { short_code: `s-${offer.code}`, folder_id: inside.id });
    await addRoomDocument(owner, room, { short_code: `s-${memo.code}`, folder_id: bidderA.id });
    const others = await createRoomGroup(owner, room, {
      name: "Bidder B",
      default_access: "download",
      access: [{ folder_id: bidderA.id, level: "none" }],
    });
    const advisers = await createRoomGroup(owner, room, { name: "Advisers", default_access: "view" });

    await deleteFolder(owner, room, bidderA.id);

    const seenBy = async (groupId: string) => {
      const contents = await roomReaderContents(room.id, groupId);
      return [contents.folders.map((folder) => folder.name), contents.documents.map((doc) => doc.title).sort()];
    };
    expect(await seenBy(others.id)).toEqual([[], []]);
    expect(await seenBy(advisers.id)).toEqual([["Offers"], ["Memo", "Offer"]]);
  });
});
