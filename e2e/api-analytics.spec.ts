import { expect, test } from "../test/support/playwright/api-contract";
import { recomputeAggregates } from "../lib/analytics/recompute-aggregates";
import { addViewer } from "../scripts/lib/activity";
import type { operations } from "../lib/generated/openapi/schema";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import type { Api } from "../test/support/playwright/api-client";
import "../test/support/playwright/database";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";

const DAY = 86_400_000;
const T = Date.now();
const at = (daysAgo: number, plusSeconds = 0) => new Date(T - daysAgo * DAY + plusSeconds * 1000);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

let account: Account;
let deck: DocumentBody;
let quiet: DocumentBody;

// A 4-page deck read by three viewers (docs/contract-decisions.md's rules give every figure below):
//  alice@acme.com  10 days ago: all 4 pages, 57 s → High Interest; lead "Alice".
//  anonymous        2 days ago: page 1 for 3 s, page 2 for 0.5 s (not viewed) → Skimmed.
//  bob@gmail.com    5 days ago page 1 (4 s); 1 day ago pages 1–3 (9 s) and downloaded → High Interest; lead.
test.beforeAll(async ({ request }) => {
  account = await newAccount("analytics");
  deck = await uploadOk(request, account, { pages: 4, fields: { title: "Acme pitch deck" } });
  quiet = await uploadOk(request, account, { pages: 3, fields: { title: "Zebra unread memo" } });
  await addViewer(deck.id, {
    email: "Alice@Acme.com",
    name: "Alice",
    leadAt: at(10),
    visits: [
      {
        startedAt: at(10),
        pages: [
          [1, 20],
          [2, 15],
          [3, 12],
          [4, 10],
        ],
      },
    ],
  });
  await addViewer(deck.id, {
    visits: [
      {
        startedAt: at(2),
        pages: [
          [1, 3],
          [2, 0.5],
        ],
      },
    ],
  });
  await addViewer(deck.id, {
    email: "bob@gmail.com",
    leadAt: at(1),
    visits: [
      { startedAt: at(5), pages: [[1, 4]] },
      {
        startedAt: at(1),
        pages: [
          [1, 2],
          [2, 6],
          [3, 1],
        ],
        downloaded: true,
      },
    ],
  });
  await recomputeAggregates([deck.id, quiet.id]);
});

const byDeck = () => ({ path: { short_code: deck.short_code } });

test("stats without a period come from the maintained aggregates", async ({ api }) => {
  const { data, response } = await api(account).GET("/api/v1/documents/{short_code}/stats", { params: byDeck() });
  expect(response.status).toBe(200);
  expect(data).toEqual({
    views: 4,
    unique_viewers: 3,
    total_time_seconds: 73.5,
    avg_time_seconds: 18.38,
    avg_completion: 0.6667,
    downloads: 1,
    page_analytics: [
      { page: 1, views: 4, avg_time_seconds: 7.25 },
      { page: 2, views: 2, avg_time_seconds: 10.5 },
      { page: 3, views: 2, avg_time_seconds: 6.5 },
      { page: 4, views: 1, avg_time_seconds: 10 },
    ],
    engagement_breakdown: { label: "High Interest", type: "hot" },
  });
});

test("stats with since/until count only activity in the window", async ({ api }) => {
  const stats = (query: { since?: string; until?: string }) =>
    api(account).GET("/api/v1/documents/{short_code}/stats", { params: { ...byDeck(), query } });
  expect((await stats({ since: isoDate(at(3)) })).data).toEqual({
    views: 2,
    unique_viewers: 2,
    total_time_seconds: 12.5,
    avg_time_seconds: 6.25,
    avg_completion: 0.5,
    downloads: 1,
    page_analytics: [
      { page: 1, views: 2, avg_time_seconds: 2.5 },
      { page: 2, views: 1, avg_time_seconds: 6 },
      { page: 3, views: 1, avg_time_seconds: 1 },
      { page: 4, views: 0, avg_time_seconds: 0 },
    ],
    engagement_breakdown: { label: "High Interest", type: "hot" },
  });
  const { data: before } = await stats({ until: isoDate(at(20)) });
  expect(before).toMatchObject({
    views: 0,
    unique_viewers: 0,
    avg_completion: 0,
    engagement_breakdown: { label: "Not Opened", type: "none" },
  });
  expect(before!.page_analytics).toHaveLength(4);
});

test("viewers come most engaged first, then most recent, with exact fields", async ({ api }) => {
  const viewers = (query: { page?: number; per_page?: number } = {}) =>
    api(account).GET("/api/v1/documents/{short_code}/viewers", { params: { ...byDeck(), query } });
  const body = (await viewers()).data!;
  expect(body.total_viewers).toBe(3);
  expect(body.pagination).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 });
  expect(body.viewers.map((v) => v.email)).toEqual(["bob@gmail.com", "alice@acme.com", null]);
  expect(body.viewers[0]).toEqual({
    viewer_id: expect.stringMatching(/^anon_[A-Za-z0-9]{16}$/),
    email: "bob@gmail.com",
    company_domain: "gmail.com",
    first_viewed_at: at(5).toISOString(),
    last_viewed_at: at(1, 9).toISOString(),
    visits: 2,
    pages_viewed: 3,
    total_pages: 4,
    completion: 0.75,
    total_time_seconds: 13,
    downloaded: true,
    engagement_label: "High Interest",
    agreement_accepted_at: null,
  });
  expect(body.viewers[2]).toMatchObject({
    email: null,
    company_domain: null,
    pages_viewed: 1,
    completion: 0.25,
    engagement_label: "Skimmed",
  });
  const second = (await viewers({ per_page: 2, page: 2 })).data!;
  expect(second.viewers).toHaveLength(1);
  expect(second.pagination).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 });
});

test("leads come newest first and filter on captured_at", async ({ api }) => {
  const leads = (query: { since?: string } = {}) =>
    api(account).GET("/api/v1/documents/{short_code}/leads", { params: { ...byDeck(), query } });
  expect((await leads()).data).toEqual({
    leads: [
      {
        email: "bob@gmail.com",
        name: "",
        company_domain: "gmail.com",
        captured_at: at(1).toISOString(),
        engagement_label: "High Interest",
        verified: false,
      },
      {
        email: "alice@acme.com",
        name: "Alice",
        company_domain: "acme.com",
        captured_at: at(10).toISOString(),
        engagement_label: "High Interest",
        verified: false,
      },
    ],
    pagination: { page: 1, per_page: 20, total: 2, total_pages: 1 },
  });
  const recent = (await leads({ since: isoDate(at(3)) })).data!;
  expect(recent.leads.map((l) => l.email)).toEqual(["bob@gmail.com"]);
});

test("the portfolio overview sums activity, ranks documents and counts levels", async ({ api }) => {
  const overview = async (query: { since?: string; until?: string } = {}) =>
    (await api(account).GET("/api/v1/analytics/overview", { params: { query } })).data!;
  expect(await overview()).toEqual({
    period: { since: null, until: null },
    totals: { documents: 2, total_views: 4, unique_viewers: 3, leads_captured: 2, avg_completion: 0.6667 },
    top_documents: [{ short_code: deck.short_code, title: "Acme pitch deck", views: 4, completion: 0.6667, leads: 2 }],
    engagement_breakdown: { high_interest: 1, read: 0, skimmed: 0, opened: 0, not_opened: 1 },
  });
  const since = isoDate(at(3));
  expect(await overview({ since })).toEqual({
    period: { since, until: null },
    totals: { documents: 2, total_views: 2, unique_viewers: 2, leads_captured: 1, avg_completion: 0.5 },
    top_documents: [{ short_code: deck.short_code, title: "Acme pitch deck", views: 2, completion: 0.5, leads: 1 }],
    engagement_breakdown: { high_interest: 1, read: 0, skimmed: 0, opened: 0, not_opened: 1 },
  });
  expect((await overview({ until: isoDate(at(30)) })).totals.documents).toBe(0);
});

test.describe("GET /api/v1/documents", () => {
  type ListQuery = NonNullable<operations["listDocuments"]["parameters"]["query"]>;
  const list = async (api: (account: Account) => Api, query: ListQuery = {}) =>
    (await api(account).GET("/api/v1/documents", { params: { query } })).data!;

  test("list items carry exactly the list fields", async ({ api }) => {
    const body = await list(api);
    expect(body.pagination).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1 });
    const item = body.documents.find((d) => d.id === deck.id);
    expect(item).toEqual({
      id: deck.id,
      title: "Acme pitch deck",
      short_code: deck.short_code,
      url: deck.url,
      page_count: 4,
      views: 4,
      unique_viewers: 3,
      leads_count: 2,
      engagement_summary: { label: "High Interest", type: "hot" },
    });
  });

  test("filters by search, engagement, leads and creation date", async ({ api }) => {
    const ids = async (query: ListQuery) => (await list(api, query)).documents.map((d) => d.id);
    expect(await ids({ search: "PITCH" })).toEqual([deck.id]);
    expect(await ids({ search: "nothing-like-this" })).toEqual([]);
    expect(await ids({ engagement: "high_interest" })).toEqual([deck.id]);
    expect(await ids({ engagement: "not_opened" })).toEqual([quiet.id]);
    expect(await ids({ engagement: "read" })).toEqual([]);
    expect(await ids({ has_leads: "true" })).toEqual([deck.id]);
    expect(await ids({ has_leads: "false" })).toEqual([quiet.id]);
    expect(await ids({ since: isoDate(at(0)) })).toEqual([quiet.id, deck.id]);
    expect(await ids({ until: isoDate(at(1)) })).toEqual([]);
  });

  test("sorts with each key's natural direction, and order reverses it", async ({ api }) => {
    const titles = async (query: ListQuery) => (await list(api, query)).documents.map((d) => d.title);
    expect(await titles({})).toEqual(["Zebra unread memo", "Acme pitch deck"]);
    expect(await titles({ sort: "created_at", order: "asc" })).toEqual(["Acme pitch deck", "Zebra unread memo"]);
    expect(await titles({ sort: "views" })).toEqual(["Acme pitch deck", "Zebra unread memo"]);
    expect(await titles({ sort: "views", order: "asc" })).toEqual(["Zebra unread memo", "Acme pitch deck"]);
    expect(await titles({ sort: "engagement" })).toEqual(["Acme pitch deck", "Zebra unread memo"]);
    expect(await titles({ sort: "title" })).toEqual(["Acme pitch deck", "Zebra unread memo"]);
    expect(await titles({ sort: "title", order: "desc" })).toEqual(["Zebra unread memo", "Acme pitch deck"]);
  });

  test("paginates; a page past the end is empty with correct pagination", async ({ api }) => {
    const second = await list(api, { per_page: 1, page: 2 });
    expect(second.documents).toHaveLength(1);
    expect(second.pagination).toEqual({ page: 2, per_page: 1, total: 2, total_pages: 2 });
    expect(await list(api, { page: 9 })).toEqual({ documents: [], pagination: { page: 9, per_page: 20, total: 2, total_pages: 1 } });
  });

  // Parameters the generated client's types would refuse go out as raw query strings.
  const bad: Array<[string, string]> = [
    ["page=0", "page"],
    ["page=abc", "page"],
    ["per_page=0", "per_page"],
    ["per_page=101", "per_page"],
    ["per_page=2.5", "per_page"],
    ["sort=size", "sort"],
    ["order=up", "order"],
    ["engagement=hot", "engagement"],
    ["has_leads=yes", "has_leads"],
    ["since=yesterday", "since"],
    ["since=2026-02-30", "since"],
    ["until=2026-13-01", "until"],
    ["since=0000-01-01", "since"],
    ["since=2026-03-01&until=2026-02-01", "since must not be after until"],
  ];
  for (const [query, mention] of bad) {
    test(`refuses ${query} with 400 bad_request naming it`, async ({ request }) => {
      const response = await request.get(`/api/v1/documents?${query}`, { headers: account.auth });
      expect(response.status()).toBe(400);
      const body = await response.json();
      expect(body.error.code).toBe("bad_request");
      expect(body.error.message).toContain(mention);
    });
  }

  test("analytics endpoints refuse bad parameters with 400 too", async ({ request }) => {
    for (const path of [
      `/api/v1/documents/${deck.short_code}/stats?since=nope`,
      `/api/v1/documents/${deck.short_code}/viewers?per_page=500`,
      `/api/v1/documents/${deck.short_code}/leads?page=-1`,
      `/api/v1/analytics/overview?until=31-01-2026`,
    ]) {
      const response = await request.get(path, { headers: account.auth });
      expect(response.status(), path).toBe(400);
    }
  });
});
