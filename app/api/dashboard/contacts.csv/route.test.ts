import { randomBytes } from "node:crypto";
import { beforeAll, expect, it, vi } from "vitest";
import { addViewer } from "@/scripts/lib/activity";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { recomputeAggregates } from "@/lib/analytics/recompute-aggregates";
import { createUser } from "@/lib/users/create-user";
import { GET } from "./route";

// The signed-in member: next-auth's session needs a request scope vitest does not have.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/auth", () => ({
  auth: async () => (session.userId ? { user: { id: session.userId } } : null),
  signedInUser: async () => (session.userId ? { id: session.userId, email: "someone@example.com", name: null, sessionId: null } : null),
}));

const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
const download = (query = "") =>
  GET(new Request(`http://localhost:3000/api/dashboard/contacts.csv${query}`), { params: Promise.resolve({}) });
const emailsIn = async (response: Response) =>
  (await response.text())
    .trimEnd()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(",")[0]);

let owner: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  owner = await newUser("owner");
  const deck = await createSampleDocument(owner, "Deck", 2, { email_gate: false });
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  await addViewer(deck.id, { email: "jane@acme.com", visits: [{ startedAt: at(5), pages: [[1, 30]] }] });
  await addViewer(deck.id, {
    email: "bob@globex.io",
    visits: [
      {
        startedAt: at(10),
        pages: [
          [1, 90],
          [2, 90],
        ],
      },
    ],
  });
  await recomputeAggregates([deck.id]);
});

it("gives the team's member its contacts as a CSV attachment, with the page's filters and sort", async () => {
  session.userId = owner.id;
  const response = await download();
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="contacts.csv"');
  expect(await emailsIn(response)).toEqual(["jane@acme.com", "bob@globex.io"]);
  expect(await emailsIn(await download("?sort=total_time"))).toEqual(["bob@globex.io", "jane@acme.com"]);
  expect(await emailsIn(await download("?company=acme.com"))).toEqual(["jane@acme.com"]);
});

it("gives another team's member only their own team's contacts, and no one signed out", async () => {
  session.userId = (await newUser("stranger")).id;
  const response = await download();
  expect(response.status).toBe(200);
  expect(await emailsIn(response)).toEqual([]);
  session.userId = null;
  expect((await download()).status).toBe(401);
});
