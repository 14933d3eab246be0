import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { ownerAccess } from "@/test/support/fixtures";
import { ReaderBrowser as Browser } from "@/test/support/reader-browser";
import { db } from "@/lib/db/client";
import type { Document, Room, RoomLink } from "@/lib/generated/prisma/client";
import { addRoomDocument } from "@/lib/rooms/add-room-document";
import { createFolder } from "@/lib/rooms/create-folder";
import { createRoom } from "@/lib/rooms/create-room";
import { createRoomGroup } from "@/lib/rooms/create-room-group";
import { createRoomLink } from "@/lib/rooms/create-room-link";
import { roomReaderContents } from "@/lib/rooms/room-reader-contents";
import { updateRoomGroup } from "@/lib/rooms/update-room-group";
import { createUser } from "@/lib/users/create-user";
import { pageRoomDocument } from "@/lib/viewer/doors/page-public-document";
import * as layersRoute from "@/app/s/[code]/[doc]/pages/[page]/layers/route";

/**
 * A room read through its groups' links, at every door a reader has: the room's contents (the tree
 * and what its search looks through), each document's page, file, page image, layers, download and
 * beacons, and the ZIP. Each group gets exactly what its levels let through; the room's own code
 * still opens the whole room.
 */
vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);

let owner: ReturnType<typeof ownerAccess>;
let room: Room;
let docs: Record<"teaser" | "a1" | "a2" | "b1", Document>;
let bidderA: { id: string };
let linkA: RoomLink;
let linkB: RoomLink;

const short = (doc: Document) => `s-${doc.code}`;
const layers = (reader: Browser, code: string, doc: string) =>
  reader.call(layersRoute.GET, `/s/${code}/${doc}/pages/1/layers`, { code, doc, page: "1" });

/** The paths of a ZIP's entries, as an extractor lists them. */
async function zipEntries(response: Response): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "group-zip-"));
  try {
    const file = path.join(dir, "room.zip");
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    return execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n").sort();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  const user = await createUser({ email: `group-doors-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  owner = ownerAccess(user);
  const [teaser, a1, a2, b1] = await Promise.all(
    ["Teaser", "A1", "A2", "B1"].map((title) => createSampleDocument(user, title, 1, { email_gate: false })),
  );
  docs = { teaser: teaser!, a1: a1!, a2: a2!, b1: b1! };
  room = await createRoom(owner, { name: "Project Falcon", settings: { email_gate: false, gate_type: "none" } });
  const folderA = await createFolder(owner, room, { name: "Bidder A" });
  const folderB = await createFolder(owner, room, { name: "Bidder B" });
  await addRoomDocument(owner, room, { short_code: short(docs.teaser) });
  for (const doc of [docs.a1, docs.a2]) await addRoomDocument(owner, room, { short_code: short(doc), folder_id: folderA.id });
  await addRoomDocument(owner, room, { short_code: short(docs.b1), folder_id: folderB.id });
  bidderA = await createRoomGroup(owner, room, {
    name: "Bidder A",
    access: [
      { folder_id: folderA.id, level: "download" },
      { short_code: short(docs.a2), level: "view" },
      { short_code: short(docs.teaser), level: "view" },
    ],
  });
  const bidderB = await createRoomGroup(owner, room, { name: "Bidder B", access: [{ folder_id: folderB.id, level: "view" }] });
  linkA = await createRoomLink(owner, room, { name: "Bidder A", group_id: bidderA.id });
  linkB = await createRoomLink(owner, room, { name: "Bidder B", group_id: bidderB.id });
});

describe("a room read through a group's link", () => {
  it("lists only the group's folders and documents, so its search finds nothing else", async () => {
    const titles = async (groupId: string | null) => {
      const contents = await roomReaderContents(room.id, groupId);
      return [contents.folders.map((folder) => folder.name), contents.documents.map((doc) => [doc.title, doc.downloadable])];
    };
    expect(await titles(bidderA.id)).toEqual([
      ["Bidder A"],
      [
        ["Teaser", false],
        ["A1", true],
        ["A2", false],
      ],
    ]);
    expect(await titles(linkB.groupId)).toEqual([["Bidder B"], [["B1", false]]]);
    expect((await titles(null))[0]).toEqual(["Bidder A", "Bidder B"]);
  });

  it("answers 404 at every door of a document hidden from the group, and opens the group's own", async () => {
    const reader = new Browser();
    const hidden = docs.b1.code;
    expect((await reader.file(linkA.code, hidden)).status).toBe(404);
    expect((await reader.page(linkA.code, hidden)).status).toBe(404);
    expect((await layers(reader, linkA.code, hidden)).status).toBe(404);
    expect((await reader.download(linkA.code, hidden)).status).toBe(404);
    expect((await reader.track(linkA.code, hidden)).status).toBe(404);
    expect(await pageRoomDocument(linkA.code, hidden, null)).toEqual({ state: "missing" });
    expect((await reader.file(linkA.code, docs.a1.code)).status).toBe(200);
    expect((await reader.page(linkA.code, docs.a2.code)).status).toBe(200);
    expect((await reader.track(linkA.code, docs.teaser.code)).status).toBe(200);
    expect((await pageRoomDocument(linkA.code, docs.a1.code, null)).state).toBe("active");

    const other = new Browser();
    expect((await other.file(linkB.code, docs.a1.code)).status).toBe(404);
    expect((await other.page(linkB.code, docs.teaser.code)).status).toBe(404);
    expect((await other.page(linkB.code, docs.b1.code)).status).toBe(200);
    // View only, as a document without downloads: page images, never the file.
    expect((await other.file(linkB.code, docs.b1.code)).status).toBe(403);
  });

  it("lets the group download only what it may download, one by one and in the ZIP", async () => {
    const reader = new Browser();
    const download = await reader.download(linkA.code, docs.a1.code);
    expect(download.status).toBe(200);
    await download.response.body?.cancel();
    expect((await reader.download(linkA.code, docs.a2.code)).status).toBe(403);
    expect((await reader.download(linkA.code, docs.teaser.code)).status).toBe(403);

    const zipA = await reader.zip(linkA.code);
    expect(zipA.status).toBe(200);
    expect(await zipEntries(zipA.response)).toEqual(["Bidder A/A1.pdf"]);
    // B may only view: nothing of the room is its to download.
    expect((await new Browser().zip(linkB.code)).status).toBe(404);
    const whole = await new Browser().zip(room.code);
    expect(await zipEntries(whole.response)).toEqual(["Bidder A/A1.pdf", "Bidder A/A2.pdf", "Bidder B/B1.pdf", "Teaser.pdf"]);
  });

  it("cuts a reader off at their next request when the group's level changes", async () => {
    const reader = new Browser();
    expect((await reader.file(linkA.code, docs.a1.code)).status).toBe(200);
    await updateRoomGroup(owner, room, await db.roomGroup.findUniqueOrThrow({ where: { id: bidderA.id } }), {
      access: [{ short_code: short(docs.a1), level: "none" }],
    });
    expect((await reader.file(linkA.code, docs.a1.code)).status).toBe(404);
    expect((await reader.track(linkA.code, docs.a1.code)).status).toBe(404);
    expect((await roomReaderContents(room.id, bidderA.id)).documents.map((doc) => doc.title)).toEqual(["Teaser", "A2"]);
    await updateRoomGroup(owner, room, await db.roomGroup.findUniqueOrThrow({ where: { id: bidderA.id } }), {
      access: [{ short_code: short(docs.a1), level: null }],
    });
    expect((await reader.file(linkA.code, docs.a1.code)).status).toBe(200);
  });
});
