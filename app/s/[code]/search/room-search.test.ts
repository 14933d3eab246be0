import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { ownerAccess } from "@/test/support/fixtures";
import { ReaderBrowser } from "@/test/support/reader-browser";
import type { Document, Room, RoomLink } from "@/lib/generated/prisma/client";
import { addRoomDocument } from "@/lib/rooms/add-room-document";
import { createFolder } from "@/lib/rooms/create-folder";
import { createRoom } from "@/lib/rooms/create-room";
import { createRoomGroup } from "@/lib/rooms/create-room-group";
import { createRoomLink } from "@/lib/rooms/create-room-link";
import { createUser } from "@/lib/users/create-user";
import * as documentSearchRoute from "../[doc]/search/route";
import * as searchRoute from "./route";

vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);

/**
 * A room's search through its doors: only the documents the opened link's group may see, and
 * nothing before the room's gate is passed.
 */
const WORD = `escrowite${randomBytes(3).toString("hex")}`;
let open: Room;
let gated: Room;
let linkA: RoomLink;
let seen: Document;
let hidden: Document;

const search = (reader: ReaderBrowser, code: string) => reader.call(searchRoute.GET, `/s/${code}/search?q=${WORD}`, { code });
const codesFound = async (reader: ReaderBrowser, code: string) => {
  const answer = await search(reader, code);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body!.results as Array<{ code: string }>).map((r) => r.code);
};

beforeAll(async () => {
  const user = await createUser({ email: `room-search-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const owner = ownerAccess(user);
  [seen, hidden] = (await Promise.all(
    ["Seen", "Hidden"].map((title) => createSampleDocument(user, title, 1, { email_gate: false }, { pageWords: { 1: WORD } })),
  )) as [Document, Document];
  open = await createRoom(owner, { name: "Open", settings: { email_gate: false, gate_type: "none" } });
  const folderA = await createFolder(owner, open, { name: "Bidder A" });
  const folderB = await createFolder(owner, open, { name: "Bidder B" });
  await addRoomDocument(owner, open, { short_code: `s-${seen.code}`, folder_id: folderA.id });
  await addRoomDocument(owner, open, { short_code: `s-${hidden.code}`, folder_id: folderB.id });
  const bidderA = await createRoomGroup(owner, open, { name: "Bidder A", access: [{ folder_id: folderA.id, level: "view" }] });
  linkA = await createRoomLink(owner, open, { name: "Bidder A", group_id: bidderA.id });
  gated = await createRoom(owner, { name: "Gated", settings: { email_gate: true } });
  await addRoomDocument(owner, gated, { short_code: `s-${seen.code}` });
});

describe("GET /s/<room>/search", () => {
  it("finds text only in the documents the link's group may see; the room's own code sees all", async () => {
    const reader = new ReaderBrowser();
    expect(await codesFound(reader, linkA.code)).toEqual([seen.code]);
    expect((await codesFound(reader, open.code)).sort()).toEqual([seen.code, hidden.code].sort());
    const inHidden = await reader.call(documentSearchRoute.GET, `/s/${linkA.code}/${hidden.code}/search?q=${WORD}`, {
      code: linkA.code,
      doc: hidden.code,
    });
    expect(inHidden.status).toBe(404);
  });

  it("searches nothing before the room's gate is passed", async () => {
    const reader = new ReaderBrowser();
    expect((await search(reader, gated.code)).status).toBe(403);
    expect((await reader.gate(gated.code, `ann-${randomBytes(3).toString("hex")}@acme.test`)).status).toBe(200);
    expect(await codesFound(reader, gated.code)).toEqual([seen.code]);
  });
});
