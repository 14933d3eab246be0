import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { APIRequestContext } from "@playwright/test";
import { recomputeAggregates } from "../lib/analytics/recompute-aggregates";
import { createApiKey } from "../lib/auth/api-keys";
import { E2E_URL } from "../playwright.config";
import { addViewer } from "../scripts/lib/activity";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { expect, test } from "../test/support/playwright/api-contract";
import { db } from "../test/support/playwright/database";
import { waitForFreshMinute } from "../test/support/playwright/rate-limit-window";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";

const MCP_URL = `${E2E_URL}/api/mcp`;
const WRITE_TOOLS = ["create_link", "create_room", "add_document_to_room", "create_room_link", "answer_question"];
const READ_TOOLS = [
  "search_documents",
  "search_text",
  "get_document",
  "get_document_stats",
  "list_document_readers",
  "list_document_leads",
  "get_analytics_overview",
  "list_contacts",
  "list_links",
  "list_rooms",
  "get_room",
  "get_room_stats",
  "list_questions",
];
const DAYS_AGO = (days: number) => new Date(Date.now() - days * 86_400_000);

/** The SDK's own client over HTTP with the key as a bearer header; `sent` collects every HTTP request it made, as it made it. */
async function connect(key: string, sent: Array<Promise<Response>> = []): Promise<Client> {
  const client = new Client({ name: "pagewise-e2e", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
    fetch: (url, init) => {
      const response = fetch(url, init);
      sent.push(response);
      return response;
    },
  });
  await client.connect(transport);
  return client;
}

type ToolAnswer = { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ type: string; text?: string }> };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  // The text is the structured content, for clients that read only text.
  expect(JSON.parse(answer.content[0]!.text!)).toEqual(answer.structuredContent);
  return answer;
}

/** A JSON-RPC request posted by hand, as an MCP client would, for what the SDK's client never sends. */
const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(MCP_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body,
  });
const toolCall = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });

let owner: Account;
let stranger: Account;
let deck: DocumentBody;
let roomId = "";

test.beforeAll(async ({ request }) => {
  [owner, stranger] = await Promise.all([newAccount("mcp"), newAccount("mcp-stranger")]);
  deck = await uploadOk(request, owner, { pages: 4, fields: { title: "Acme pitch deck" } });
  const memo = await uploadOk(request, owner, { pages: 2, fields: { title: "Zebra memo" } });
  // Every page drawn: a page's text is searchable once it is, and the tools are compared with the REST
  // endpoints one question after another, so a page drawn in between made the two answers differ.
  await expect
    .poll(
      async () => (await db.document.findMany({ where: { id: { in: [deck.id, memo.id] } } })).every((d) => d.pageImages === d.pageCount),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  await addViewer(deck.id, {
    email: "alice@acme.com",
    name: "Alice",
    leadAt: DAYS_AGO(3),
    visits: [
      {
        startedAt: DAYS_AGO(3),
        pages: [
          [1, 20],
          [2, 15],
          [3, 12],
          [4, 10],
        ],
      },
    ],
  });
  await addViewer(deck.id, { visits: [{ startedAt: DAYS_AGO(1), pages: [[1, 3]] }] });
  await recomputeAggregates([deck.id]);
  const room = await request.post("/api/v1/rooms", { headers: owner.auth, data: { name: "Series A" } });
  roomId = (await room.json()).id;
  await request.post(`/api/v1/rooms/${roomId}/documents`, { headers: owner.auth, data: { short_code: deck.short_code } });
  await request.post(`/api/v1/documents/${deck.short_code}/links`, { headers: owner.auth, data: { name: "Sequoia — Jane" } });
});

const rest = async (request: APIRequestContext, path: string, account = owner) => {
  const response = await request.get(path, { headers: account.auth });
  expect(response.status()).toBe(200);
  return response.json();
};
const linksOf = async (request: APIRequestContext) => (await rest(request, `/api/v1/documents/${deck.short_code}/links`)).links;

test("without a key, or with a bad one, /api/mcp answers 401 naming the Bearer scheme, and runs nothing", async ({ request }) => {
  const before = await linksOf(request);
  const attempts: Array<Record<string, string>> = [{}, { Authorization: "Bearer pw_live_not-a-key" }];
  for (const headers of attempts) {
    const refused = await post(toolCall("create_link", { short_code: deck.short_code, name: "Intruder" }), headers);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe("Bearer");
    expect(refused.headers.get("x-ratelimit-limit")).toBe("100");
    expect(await refused.json()).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
  }
  await expect(connect("pw_live_not-a-key")).rejects.toMatchObject({ code: 401 });
  expect(await linksOf(request)).toEqual(before);
});

test("a member's key lists every tool: the read tools and, since a member may change documents, the write tools", async () => {
  const { tools } = await (await connect(owner.key)).listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
  for (const tool of tools) {
    expect(tool.description!.length).toBeGreaterThan(40);
    expect(tool.annotations).toMatchObject({ readOnlyHint: !WRITE_TOOLS.includes(tool.name), destructiveHint: false });
  }
  const search = tools.find((t) => t.name === "search_documents")!;
  expect(search.inputSchema.properties).toMatchObject({ per_page: { type: "integer", minimum: 1, maximum: 100 } });
  expect(tools.find((t) => t.name === "create_link")!.inputSchema.required).toEqual(["short_code", "name"]);
});

test("a read-only key lists only the read tools, and a write tool called anyway is refused as forbidden, changing nothing", async ({
  request,
}) => {
  const { key } = await createApiKey({ teamId: owner.teamId, userId: owner.userId }, "Assistant", "read");
  const client = await connect(key);
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
  const before = await linksOf(request);
  const refused = await call(client, "create_link", { short_code: deck.short_code, name: "Through a read-only key" });
  expect(refused.isError).toBe(true);
  expect(refused.structuredContent).toEqual({ error: { code: "forbidden", message: expect.stringContaining("read-only") } });
  expect(await linksOf(request)).toEqual(before);
  expect((await call(client, "search_documents", {})).isError).toBeFalsy();
});

test("each read tool answers exactly what its REST endpoint answers for the same question", async ({ request }) => {
  const client = await connect(owner.key);
  const since = DAYS_AGO(2).toISOString().slice(0, 10);
  const code = deck.short_code;
  const pairs: Array<[string, Record<string, unknown>, string]> = [
    ["search_documents", { search: "acme", per_page: 5 }, "/api/v1/documents?search=acme&per_page=5"],
    ["search_documents", { sort: "views", has_leads: true }, "/api/v1/documents?sort=views&has_leads=true"],
    ["search_text", { q: "sample content", per_page: 5 }, "/api/v1/search?q=sample%20content&per_page=5"],
    ["get_document", { short_code: code }, `/api/v1/documents/${code}`],
    ["get_document_stats", { short_code: code }, `/api/v1/documents/${code}/stats`],
    ["get_document_stats", { short_code: code, since }, `/api/v1/documents/${code}/stats?since=${since}`],
    ["list_document_readers", { short_code: code, per_page: 1, page: 2 }, `/api/v1/documents/${code}/viewers?per_page=1&page=2`],
    ["list_document_leads", { short_code: code }, `/api/v1/documents/${code}/leads`],
    ["get_analytics_overview", {}, "/api/v1/analytics/overview"],
    ["get_analytics_overview", { since }, `/api/v1/analytics/overview?since=${since}`],
    ["list_contacts", { sort: "engagement", per_page: 5 }, "/api/v1/contacts?sort=engagement&per_page=5"],
    ["list_links", { short_code: code }, `/api/v1/documents/${code}/links`],
    ["list_rooms", {}, "/api/v1/rooms"],
    ["get_room", { room_id: roomId }, `/api/v1/rooms/${roomId}`],
    ["get_room_stats", { room_id: roomId }, `/api/v1/rooms/${roomId}/stats`],
    ["list_questions", { status: "open" }, "/api/v1/questions?status=open"],
  ];
  expect(new Set(pairs.map(([name]) => name))).toEqual(new Set(READ_TOOLS));
  for (const [name, args, path] of pairs) {
    const answer = await call(client, name, args);
    expect(answer.isError, `${name} ${JSON.stringify(args)}`).toBeFalsy();
    expect(answer.structuredContent, `${name} ${JSON.stringify(args)} vs GET ${path}`).toEqual(await rest(request, path));
  }
  // The data behind the comparisons is not empty.
  const stats = (await call(client, "get_document_stats", { short_code: code })).structuredContent!;
  expect(stats).toMatchObject({ views: 2, unique_viewers: 2 });
  const leads = (await call(client, "list_document_leads", { short_code: code })).structuredContent!;
  expect(leads).toMatchObject({ leads: [{ email: "alice@acme.com", name: "Alice" }] });
});

test("create_link makes a link with its settings, which REST then shows", async ({ request }) => {
  const client = await connect(owner.key);
  const settings = { allow_download: false, expires_at: "2030-01-01T00:00:00Z", allow: ["acme.com"] };
  const answer = await call(client, "create_link", { short_code: deck.short_code, name: "Benchmark — Bill", settings });
  expect(answer.isError).toBeFalsy();
  const link = answer.structuredContent as { code: string; url: string };
  expect(link).toMatchObject({ name: "Benchmark — Bill", is_active: true, overrides: ["allow_download", "expires_at", "allow"] });
  const shown = await rest(request, `/api/v1/links/${link.code}`);
  expect(shown).toMatchObject({
    code: link.code,
    url: link.url,
    name: "Benchmark — Bill",
    settings: { allow_download: false, expires_at: "2030-01-01T00:00:00.000Z", allow: ["acme.com"] },
    overrides: ["allow_download", "expires_at", "allow"],
  });
});

test("a bad argument is a tool error with the REST code and message, and changes nothing", async ({ request }) => {
  const client = await connect(owner.key);
  const before = await linksOf(request);
  const bad = await call(client, "create_link", { short_code: deck.short_code, name: "", settings: { gate_page: 0, colour: "red" } });
  expect(bad.isError).toBe(true);
  expect(bad.structuredContent).toEqual({
    error: {
      code: "validation_error",
      message: expect.stringContaining("name must not be empty"),
      fields: { name: "name must not be empty", "settings.gate_page": "gate_page must be at least 1", "settings.colour": "Unknown field" },
    },
  });
  expect(await linksOf(request)).toEqual(before);

  const tooMany = await call(client, "search_documents", { per_page: 500 });
  const refused = await request.get("/api/v1/documents?per_page=500", { headers: owner.auth });
  expect(refused.status()).toBe(400);
  expect(tooMany).toMatchObject({ isError: true, structuredContent: await refused.json() });

  const missing = await call(client, "get_document", {});
  expect(missing).toMatchObject({
    isError: true,
    structuredContent: { error: { code: "validation_error", message: "short_code is required and must be a string." } },
  });
});

test("another team's document and room are not found, and cannot be linked to", async ({ request }) => {
  const client = await connect(stranger.key);
  const notFound = { isError: true, structuredContent: { error: { code: "not_found", message: "Document not found" } } };
  expect(await call(client, "get_document", { short_code: deck.short_code })).toMatchObject(notFound);
  expect(await call(client, "get_document_stats", { short_code: deck.short_code })).toMatchObject(notFound);
  expect(await call(client, "list_document_readers", { short_code: deck.short_code })).toMatchObject(notFound);
  expect(await call(client, "get_room", { room_id: roomId })).toMatchObject({
    isError: true,
    structuredContent: { error: { code: "not_found", message: "Room not found" } },
  });
  const before = await linksOf(request);
  expect(await call(client, "create_link", { short_code: deck.short_code, name: "Stolen" })).toMatchObject(notFound);
  expect(await linksOf(request)).toEqual(before);
  expect((await call(client, "search_documents", {})).structuredContent).toMatchObject({ documents: [], pagination: { total: 0 } });
});

test("MCP requests count in the key's rate-limit window together with REST requests, with the same headers", async ({ request }) => {
  const account = await newAccount("mcp-limit");
  await waitForFreshMinute();
  const first = await request.get("/api/v1/documents", { headers: account.auth });
  const start = Number(first.headers()["x-ratelimit-remaining"]);
  const sent: Array<Promise<Response>> = [];
  const client = await connect(account.key, sent);
  await client.callTool({ name: "search_documents", arguments: {} });
  await client.callTool({ name: "get_analytics_overview", arguments: {} });
  // The handshake (initialize, initialized, the GET for a stream the client tries alongside) and the two calls.
  const seen = await Promise.all(sent);
  expect(seen.length).toBeGreaterThanOrEqual(4);
  const remaining = seen.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((a, b) => b - a);
  expect(remaining).toEqual(seen.map((_, i) => start - 1 - i));
  for (const response of seen) {
    expect(response.headers.get("x-ratelimit-limit")).toBe("100");
    expect(response.headers.get("x-ratelimit-reset")).toBe(first.headers()["x-ratelimit-reset"]);
  }
  const last = await request.get("/api/v1/documents", { headers: account.auth });
  expect(Number(last.headers()["x-ratelimit-remaining"])).toBe(start - 1 - seen.length);
});

test("the door is bounded: one message per POST of at most 64 KB; GET and DELETE are 405 as in the SDK's stateless servers, PUT and PATCH as on /api/v1", async () => {
  const auth = { Authorization: `Bearer ${owner.key}` };
  const large = await post(toolCall("search_documents", { search: "x".repeat(70 * 1024) }), auth);
  expect(large.status).toBe(413);
  expect(await large.json()).toEqual({
    error: { code: "payload_too_large", message: "The request body is larger than the 64 KB allowed here." },
  });

  const batch = await post(`[${toolCall("list_rooms", {})},${toolCall("list_rooms", {})}]`, auth);
  expect(batch.status).toBe(400);
  expect(await batch.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 }, id: null });

  const garbled = await post("{not json", auth);
  expect(garbled.status).toBe(400);
  expect(await garbled.json()).toMatchObject({ error: { code: -32700 } });

  for (const method of ["GET", "DELETE"]) {
    const refused = await fetch(MCP_URL, { method, headers: { ...auth, Accept: "text/event-stream" } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("POST");
    expect(await refused.json()).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null });
  }
  for (const method of ["PUT", "PATCH"]) {
    const refused = await fetch(MCP_URL, { method, headers: auth, body: "{}" });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await refused.json()).error).toMatchObject({ code: "bad_request" });
  }
});
