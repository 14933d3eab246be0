import { ownerAccess } from "../../../../../../test/support/fixtures";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addViewer } from "@/scripts/lib/activity";
import { createSampleDocument, uploadSampleVersion } from "@/scripts/lib/demo-data";
import { recomputeAggregates } from "@/lib/analytics/recompute-aggregates";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import type { Document } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";
import { routeAt } from "@/test/support/api-route";

const viewersRoute = routeAt("/api/v1/documents/{short_code}/viewers");
const statsRoute = routeAt("/api/v1/documents/{short_code}/stats");

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let key: string;
let owner: Awaited<ReturnType<typeof createUser>>;
let doc: Document;

async function call(handler: Handler, path: string, query: string) {
  const req = new Request(`http://localhost:3000/api/v1/documents/s-${doc.code}/${path}${query}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const response = await handler(req, { params: Promise.resolve({ short_code: `s-${doc.code}` }) });
  return { status: response.status, body: await response.json() };
}
const stats = async (query = "") => (await call(statsRoute.GET as Handler, "stats", query)).body;
const viewers = async (query = "") => (await call(viewersRoute.GET as Handler, "viewers", query)).body;

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 10));

beforeAll(async () => {
  owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  key = (await createApiKey(ownerAccess(owner))).key;
  const first = await createSampleDocument(owner, "Versions", 4, { email_gate: false });
  // Ann and Bob read version 1 (4 pages), Cat version 2 (2 pages) twice.
  await addViewer(first.id, {
    email: "ann@acme.com",
    visits: [
      {
        startedAt: day(2),
        pages: [
          [1, 10],
          [2, 10],
          [3, 10],
          [4, 10],
        ],
      },
    ],
  });
  await addViewer(first.id, { visits: [{ startedAt: day(3), pages: [[1, 6]] }] });
  doc = await uploadSampleVersion(owner, first, 2);
  await addViewer(doc.id, {
    email: "cat@globex.io",
    visits: [
      { startedAt: day(5), pages: [[1, 4]] },
      {
        startedAt: day(6),
        pages: [
          [1, 2],
          [2, 8],
        ],
      },
    ],
  });
  await recomputeAggregates([doc.id]);
  doc = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
});

describe("?version= on a document's stats and viewers", () => {
  it("counts only that version's visits, and the versions add up to the document's figures", async () => {
    const [all, one, two] = [await stats(), await stats("?version=1"), await stats("?version=2")];
    expect([one.views, two.views, all.views]).toEqual([2, 2, 4]);
    expect([one.unique_viewers, two.unique_viewers, all.unique_viewers]).toEqual([2, 1, 3]);
    expect([one.total_time_seconds, two.total_time_seconds, all.total_time_seconds]).toEqual([46, 14, 60]);
    expect([one.avg_completion, two.avg_completion]).toEqual([0.625, 1]);
  });

  it("gives page analytics over the version's own pages, and over the current version's without one", async () => {
    expect((await stats("?version=1")).page_analytics).toEqual([
      { page: 1, views: 2, avg_time_seconds: 8 },
      { page: 2, views: 1, avg_time_seconds: 10 },
      { page: 3, views: 1, avg_time_seconds: 10 },
      { page: 4, views: 1, avg_time_seconds: 10 },
    ]);
    const current = [
      { page: 1, views: 2, avg_time_seconds: 3 },
      { page: 2, views: 1, avg_time_seconds: 8 },
    ];
    expect((await stats("?version=2")).page_analytics).toEqual(current);
    expect((await stats()).page_analytics).toEqual(current);
  });

  it("lists the version's viewers with the figures of their visits of it, out of its page count", async () => {
    const one = await viewers("?version=1");
    expect(one.total_viewers).toBe(2);
    expect(one.viewers[0]).toMatchObject({ email: "ann@acme.com", visits: 1, pages_viewed: 4, total_pages: 4, completion: 1 });
    const two = await viewers("?version=2");
    expect(two.viewers.map((v: { email: string }) => v.email)).toEqual(["cat@globex.io"]);
    expect(two.viewers[0]).toMatchObject({ visits: 2, pages_viewed: 2, total_pages: 2, completion: 1, total_time_seconds: 14 });
    expect((await viewers()).total_viewers).toBe(3);
  });

  it("answers 400 naming the parameter for a number that is not one of the document's versions", async () => {
    for (const query of ["?version=3", "?version=0", "?version=two", "?version=1.5"]) {
      for (const handler of [statsRoute.GET, viewersRoute.GET]) {
        const { status, body } = await call(handler as Handler, handler === statsRoute.GET ? "stats" : "viewers", query);
        expect(status, query).toBe(400);
        expect(body.error.code).toBe("bad_request");
        expect(body.error.message).toMatch(/^version/);
      }
    }
    expect((await call(statsRoute.GET as Handler, "stats", "?version=3")).body.error.message).toBe(
      "version 3 is not a version of this document",
    );
  });

  it("still counts a version no longer kept that readers read", async () => {
    await db.team.update({ where: { id: owner.personalTeamId }, data: { versionsKept: 1 } });
    await uploadSampleVersion(owner, doc, 3);
    expect(await db.documentVersion.count({ where: { documentId: doc.id } })).toBe(1);
    const one = await stats("?version=1");
    expect(one).toMatchObject({ views: 2, unique_viewers: 2, avg_completion: 0.625 });
    expect(one.page_analytics).toHaveLength(4);
    expect((await call(statsRoute.GET as Handler, "stats", "?version=2")).status).toBe(200);
  });
});
