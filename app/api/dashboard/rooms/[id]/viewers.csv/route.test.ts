import { randomBytes } from "node:crypto";
import { beforeAll, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { noReaderCap, openAccess } from "@/test/support/fixtures";
import { readInRoom, roomOf } from "@/test/support/room-reads";
import type { Room } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";
import { ingestNow } from "@/test/support/ingest-now";
import { GET } from "./route";

// The signed-in member: next-auth's session needs a request scope vitest does not have.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/auth", () => ({
  auth: async () => (session.userId ? { user: { id: session.userId } } : null),
  signedInUser: async () => (session.userId ? { id: session.userId, email: "someone@example.com", name: null, sessionId: null } : null),
}));

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
const download = (id: string) =>
  GET(new Request(`http://localhost:3000/api/dashboard/rooms/${id}/viewers.csv`), { params: Promise.resolve({ id }) });

let owner: Awaited<ReturnType<typeof newUser>>;
let room: Room;

beforeAll(async () => {
  owner = await newUser("owner");
  const deck = await createSampleDocument(owner, "Deck", 2, { email_gate: false });
  room = await roomOf(owner.personalTeamId, "Series A", [deck]);
  const batch = { batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 1, seconds: 3 }] };
  await ingestNow(readInRoom(deck, room), openAccess(2), randomBytes(12).toString("base64url"), batch, noReaderCap);
});

it("gives the team's member the room's viewers as a CSV attachment", async () => {
  session.userId = owner.id;
  const response = await download(room.id);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Series-A-viewers.csv"');
  expect((await response.text()).trimEnd().split("\r\n")).toHaveLength(2);
});

it("answers another team's member, and an unknown room, not found", async () => {
  session.userId = (await newUser("stranger")).id;
  expect((await download(room.id)).status).toBe(404);
  session.userId = owner.id;
  expect((await download("not-a-room")).status).toBe(404);
});
