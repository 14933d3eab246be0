import { ownerAccess } from "../../../../../../test/support/fixtures";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addViewer } from "@/scripts/lib/activity";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { recomputeAggregates } from "@/lib/analytics/recompute-aggregates";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import type { Document, Link } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";
import { routeAt } from "@/test/support/api-route";

const leadsRoute = routeAt("/api/v1/documents/{short_code}/leads");
const linksRoute = routeAt("/api/v1/documents/{short_code}/links");
const viewersRoute = routeAt("/api/v1/documents/{short_code}/viewers");
const statsRoute = routeAt("/api/v1/documents/{short_code}/stats");

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let key: string;
let doc: Document;
let other: Document;
let sequoia: Link;
let acme: Link;
let elsewhere: Link;

async function call(handler: Handler, path: string, query = "", document = doc) {
  const req = new Request(`http://localhost:3000/api/v1/documents/s-${document.code}/${path}${query}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const response = await handler(req, { params: Promise.resolve({ short_code: `s-${document.code}` }) });
  return { status: response.status, body: await response.json() };
}
const stats = (query = "") => call(statsRoute.GET as Handler, "stats", query);
const viewers = (query = "") => call(viewersRoute.GET as Handler, "viewers", query);
const leads = (query = "") => call(leadsRoute.GET as Handler, "leads", query);

const day = (n: number, hour = 10) => new Date(Date.UTC(2026, 10, n, hour));

beforeAll(async () => {
  const user = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  key = (await createApiKey(ownerAccess(user))).key;
  doc = await createSampleDocument(user, "Figures", 4, { email_gate: false });
  other = await createSampleDocument(user, "Other", 2, { email_gate: false });
  const link = (documentId: string, code: string, name: string) => db.link.create({ data: { documentId, code, name } });
  [sequoia, acme, elsewhere] = await Promise.all([
    link(doc.id, "seq0000001", "Sequoia"),
    link(doc.id, "acm0000001", "Acme"),
    link(other.id, "oth0000001", "Other's link"),
  ]);
  // Jane: two visits through Sequoia (pages 1–2, then 1–4) and one through the document's own code; lead and download via Sequoia.
  await addViewer(doc.id, {
    email: "jane@sequoia.com",
    leadAt: day(2),
    leadLinkId: sequoia.id,
    visits: [
      {
        startedAt: day(2),
        linkId: sequoia.id,
        pages: [
          [1, 10],
          [2, 20],
        ],
      },
      {
        startedAt: day(3),
        linkId: sequoia.id,
        pages: [
          [1, 5],
          [2, 5],
          [3, 5],
          [4, 5],
        ],
        downloaded: true,
      },
      { startedAt: day(4), pages: [[1, 3]] },
    ],
  });
  // Bob: one visit through Acme, page 1 only, and his lead there.
  await addViewer(doc.id, {
    email: "bob@acme.com",
    leadAt: day(5),
    leadLinkId: acme.id,
    visits: [{ startedAt: day(5), linkId: acme.id, pages: [[1, 8]] }],
  });
  // An anonymous reader of the document's own code.
  await addViewer(doc.id, {
    visits: [
      {
        startedAt: day(6),
        pages: [
          [1, 2],
          [2, 2],
        ],
      },
    ],
  });
  await recomputeAggregates([doc.id]);
});

describe("?link= on a document's stats, viewers and leads", () => {
  it("leaves the document's figures the sum of every link and its own code", async () => {
    const { body } = await stats();
    expect(body).toMatchObject({ views: 5, unique_viewers: 3, downloads: 1 });
    expect(body.page_analytics[0]).toEqual({ page: 1, views: 5, avg_time_seconds: 5.6 });
    expect((await viewers()).body.total_viewers).toBe(3);
    expect((await leads()).body.pagination.total).toBe(2);
  });

  it("counts only the visits, page times, downloads and leads that came through the link", async () => {
    const { status, body } = await stats("?link=seq0000001");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      views: 2,
      unique_viewers: 1,
      total_time_seconds: 50,
      avg_time_seconds: 25,
      avg_completion: 1,
      downloads: 1,
    });
    expect(body.page_analytics).toEqual([
      { page: 1, views: 2, avg_time_seconds: 7.5 },
      { page: 2, views: 2, avg_time_seconds: 12.5 },
      { page: 3, views: 1, avg_time_seconds: 5 },
      { page: 4, views: 1, avg_time_seconds: 5 },
    ]);
    const acmeStats = (await stats("?link=acm0000001")).body;
    expect(acmeStats).toMatchObject({ views: 1, unique_viewers: 1, downloads: 0, avg_completion: 0.25 });
  });

  it("takes the document's own short code for the activity without a link, and combines with a period", async () => {
    expect((await stats(`?link=s-${doc.code}`)).body).toMatchObject({ views: 2, unique_viewers: 2, downloads: 0 });
    expect((await stats(`?link=${doc.code}&since=2026-11-05`)).body).toMatchObject({ views: 1, unique_viewers: 1 });
    expect((await stats("?link=seq0000001&until=2026-11-02")).body).toMatchObject({ views: 1, total_time_seconds: 30 });
  });

  it("lists the viewers who came through the link, and the leads captured on it", async () => {
    const seq = (await viewers("?link=seq0000001")).body;
    expect(seq.viewers.map((v: { email: string }) => v.email)).toEqual(["jane@sequoia.com"]);
    expect(seq.total_viewers).toBe(1);
    // A viewer is per document: Jane's figures are her whole reading, her own-code visit included.
    expect(seq.viewers[0].visits).toBe(3);
    expect((await viewers(`?link=${doc.code}`)).body.total_viewers).toBe(2);

    expect((await leads("?link=acm0000001")).body.leads.map((l: { email: string }) => l.email)).toEqual(["bob@acme.com"]);
    expect((await leads(`?link=${doc.code}`)).body.leads).toEqual([]);
  });

  it("shows each link's figures in the document's links", async () => {
    const { body } = await call(linksRoute.GET as Handler, "links");
    const byName = Object.fromEntries(body.links.map((l: { name: string; stats: unknown }) => [l.name, l.stats]));
    expect(byName).toEqual({
      Sequoia: { views: 2, unique_viewers: 1, leads: 1, downloads: 1, last_viewed_at: "2026-11-03T10:00:20.000Z" },
      Acme: { views: 1, unique_viewers: 1, leads: 1, downloads: 0, last_viewed_at: "2026-11-05T10:00:08.000Z" },
    });
  });

  it("keeps counting a deleted link's activity under its code", async () => {
    await db.link.update({ where: { id: acme.id }, data: { deletedAt: new Date() } });
    expect((await stats("?link=acm0000001")).body.views).toBe(1);
    await db.link.update({ where: { id: acme.id }, data: { deletedAt: null } });
  });

  it("answers 404 for another document's link or an unknown code, and 400 for a value that cannot be a code", async () => {
    for (const query of [`?link=${elsewhere.code}`, "?link=zzzzzzzzzz", `?link=${other.code}`]) {
      for (const request of [stats, viewers, leads]) {
        const { status, body } = await request(query);
        expect(status, query).toBe(404);
        expect(body.error).toEqual({ code: "not_found", message: "Link not found" });
      }
    }
    expect((await stats(`?link=${"x".repeat(13)}`)).status).toBe(400);
  });
});
