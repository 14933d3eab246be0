import { randomBytes } from "node:crypto";
import { expect, it, vi } from "vitest";
import { addViewer } from "@/scripts/lib/activity";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/users/create-user";
import { GET } from "./route";

// The signed-in member: next-auth's session needs a request scope vitest does not have.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/auth", () => ({
  auth: async () => (session.userId ? { user: { id: session.userId } } : null),
  signedInUser: async () => (session.userId ? { id: session.userId, email: "someone@example.com", name: null, sessionId: null } : null),
}));

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
const poll = async () => {
  const response = await GET(new Request("http://localhost:3000/api/dashboard/reading-now"), { params: Promise.resolve({}) });
  return {
    status: response.status,
    body: response.status === 200 ? ((await response.json()) as { readers: Array<Record<string, unknown>> }) : null,
  };
};

it("answers the signed-in member their own team's readers of the last two minutes, and no one else's", async () => {
  const owner = await newUser("owner");
  const deck = await createSampleDocument(owner, "Deck", 3, { email_gate: false });
  const viewer = await addViewer(deck.id, {
    email: "jane@acme.com",
    visits: [{ startedAt: new Date(Date.now() - 60_000), pages: [[2, 20]] }],
  });
  await db.visit.updateMany({ where: { viewerId: viewer }, data: { lastActivityAt: new Date(Date.now() - 20_000) } });

  session.userId = owner.id;
  const mine = await poll();
  expect(mine.status).toBe(200);
  expect(mine.body!.readers).toMatchObject([{ email: "jane@acme.com", page: 2, page_count: 3, document: { title: "Deck" } }]);

  session.userId = (await newUser("stranger")).id;
  expect((await poll()).body!.readers).toEqual([]);
  session.userId = null;
  expect((await poll()).status).toBe(401);
});
