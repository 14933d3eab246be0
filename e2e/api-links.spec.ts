import { expect, test } from "../test/support/playwright/api-contract";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";

const LINK_FIELDS = ["code", "url", "name", "is_active", "document", "settings", "overrides", "stats", "created_at", "updated_at"].sort();
const SETTINGS_FIELDS = [
  "email_gate",
  "gate_type",
  "gate_page",
  "allow_download",
  "block_free_emails",
  "password",
  "expires_at",
  "verify_email",
  "allow",
  "block",
  "watermark",
  "agreement",
].sort();

let owner: Account;
let stranger: Account;
let shortCode = "";
test.beforeAll(async ({ request }) => {
  [owner, stranger] = await Promise.all([newAccount(), newAccount("stranger")]);
  shortCode = (await uploadOk(request, owner, { pages: 4 })).short_code;
});

test.describe("links over HTTP", () => {
  test("create, list, get, update and delete a link, with rate-limit headers and the OpenAPI document naming each operation", async ({
    api,
    request,
  }) => {
    const client = api(owner);
    const document = { params: { path: { short_code: shortCode } } };
    const created = await client.POST("/api/v1/documents/{short_code}/links", {
      ...document,
      body: { name: "Sequoia — Jane", settings: { allow_download: false, expires_at: "2030-01-01T00:00:00Z" } },
    });
    expect(created.response.status).toBe(201);
    expect(created.response.headers.get("x-ratelimit-limit")).toBe("100");
    const link = created.data!;
    expect(Object.keys(link).sort()).toEqual(LINK_FIELDS);
    expect(Object.keys(link.settings).sort()).toEqual(SETTINGS_FIELDS);
    expect(created.response.headers.get("location")).toBe(`/api/v1/links/${link.code}`);
    expect(link).toMatchObject({ name: "Sequoia — Jane", is_active: true, overrides: ["allow_download", "expires_at"] });
    expect(link.url).toMatch(new RegExp(`/s/${link.code}$`));

    const { data: listed } = await client.GET("/api/v1/documents/{short_code}/links", document);
    expect(listed!.links.map((l) => l.code)).toEqual([link.code]);
    expect(listed!.pagination).toEqual({ page: 1, per_page: 20, total: 1, total_pages: 1 });

    const byCode = { params: { path: { code: link.code } } };
    const patched = await client.PATCH("/api/v1/links/{code}", {
      ...byCode,
      body: { is_active: false, settings: { watermark: "{email}" }, inherit: ["allow_download"] },
    });
    expect(patched.response.status).toBe(200);
    expect(patched.data).toMatchObject({
      is_active: false,
      overrides: ["expires_at", "watermark"],
      settings: { allow_download: true },
    });
    expect((await client.GET("/api/v1/links/{code}", byCode)).response.status).toBe(200);

    const removed = await client.DELETE("/api/v1/links/{code}", byCode);
    expect(removed.response.status).toBe(204);
    const gone = await client.GET("/api/v1/links/{code}", byCode);
    expect([gone.response.status, gone.error?.error.code]).toEqual([404, "not_found"]);
    expect((await db.link.findUniqueOrThrow({ where: { code: link.code } })).deletedAt).not.toBeNull();

    const openapi = await (await request.get("/api/v1/openapi.json")).json();
    expect(Object.keys(openapi.paths["/api/v1/documents/{short_code}/links"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(openapi.paths["/api/v1/links/{code}"]).sort()).toEqual(["delete", "get", "patch"]);
    const statsParams = openapi.paths["/api/v1/documents/{short_code}/stats"].get.parameters.map((p: { name: string }) => p.name);
    expect(statsParams).toContain("link");
  });

  test("validation errors are 422 with error.fields; unknown fields are refused", async ({ request }) => {
    const response = await request.post(`/api/v1/documents/${shortCode}/links`, {
      headers: owner.auth,
      data: { name: "", settings: { gate_page: 0, allow: ["nope"], colour: "red" } },
    });
    expect(response.status()).toBe(422);
    const body = await response.json();
    expect(body.error.code).toBe("validation_error");
    expect(Object.keys(body.error.fields).sort()).toEqual(["name", "settings.allow", "settings.colour", "settings.gate_page"]);
    const notJson = await request.post(`/api/v1/documents/${shortCode}/links`, {
      headers: { ...owner.auth, "Content-Type": "application/json" },
      data: Buffer.from("{"),
    });
    expect(notJson.status()).toBe(400);
  });

  test("another account's document and links are 404, and ?link= of an unknown code is 404", async ({ api }) => {
    const byDocument = { params: { path: { short_code: shortCode } } };
    const { data: link } = await api(owner).POST("/api/v1/documents/{short_code}/links", { ...byDocument, body: { name: "Private" } });
    const byCode = { params: { path: { code: link!.code } } };
    const client = api(stranger);
    const answers = {
      "GET its document's links": await client.GET("/api/v1/documents/{short_code}/links", byDocument),
      "POST a link to its document": await client.POST("/api/v1/documents/{short_code}/links", { ...byDocument, body: { name: "x" } }),
      "GET the link": await client.GET("/api/v1/links/{code}", byCode),
      "PATCH the link": await client.PATCH("/api/v1/links/{code}", { ...byCode, body: { name: "x" } }),
      "DELETE the link": await client.DELETE("/api/v1/links/{code}", byCode),
    };
    for (const [name, { response, error }] of Object.entries(answers)) {
      expect([response.status, error?.error.code], name).toEqual([404, "not_found"]);
    }
    const stats = await api(owner).GET("/api/v1/documents/{short_code}/stats", {
      params: { path: { short_code: shortCode }, query: { link: link!.code } },
    });
    expect(stats.response.status).toBe(200);
    expect(stats.data).toMatchObject({ views: 0, unique_viewers: 0 });
    const unknown = await api(owner).GET("/api/v1/documents/{short_code}/viewers", {
      params: { path: { short_code: shortCode }, query: { link: "zzzzzzzzzz" } },
    });
    expect(unknown.response.status).toBe(404);
  });

  test("methods a path does not serve are 405 with Allow", async ({ request }) => {
    const response = await request.put(`/api/v1/documents/${shortCode}/links`, { headers: owner.auth });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toContain("POST");
  });
});
