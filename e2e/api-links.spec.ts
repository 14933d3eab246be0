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
    request,
  }) => {
    const created = await request.post(`/api/v1/documents/${shortCode}/links`, {
      headers: owner.auth,
      data: { name: "Sequoia — Jane", settings: { allow_download: false, expires_at: "2030-01-01T00:00:00Z" } },
    });
    expect(created.status()).toBe(201);
    expect(created.headers()["x-ratelimit-limit"]).toBe("100");
    const link = await created.json();
    expect(Object.keys(link).sort()).toEqual(LINK_FIELDS);
    expect(Object.keys(link.settings).sort()).toEqual(SETTINGS_FIELDS);
    expect(created.headers()["location"]).toBe(`/api/v1/links/${link.code}`);
    expect(link).toMatchObject({ name: "Sequoia — Jane", is_active: true, overrides: ["allow_download", "expires_at"] });
    expect(link.url).toMatch(new RegExp(`/s/${link.code}$`));

    const listed = await (await request.get(`/api/v1/documents/${shortCode}/links`, { headers: owner.auth })).json();
    expect(listed.links.map((l: { code: string }) => l.code)).toEqual([link.code]);
    expect(listed.pagination).toEqual({ page: 1, per_page: 20, total: 1, total_pages: 1 });

    const patched = await request.patch(`/api/v1/links/${link.code}`, {
      headers: owner.auth,
      data: { is_active: false, settings: { watermark: "{email}" }, inherit: ["allow_download"] },
    });
    expect(patched.status()).toBe(200);
    expect(await patched.json()).toMatchObject({
      is_active: false,
      overrides: ["expires_at", "watermark"],
      settings: { allow_download: true },
    });
    expect((await request.get(`/api/v1/links/${link.code}`, { headers: owner.auth })).status()).toBe(200);

    const removed = await request.delete(`/api/v1/links/${link.code}`, { headers: owner.auth });
    expect(removed.status()).toBe(204);
    expect((await request.get(`/api/v1/links/${link.code}`, { headers: owner.auth })).status()).toBe(404);
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

  test("another account's document and links are 404, and ?link= of an unknown code is 404", async ({ request }) => {
    const { code } = await (
      await request.post(`/api/v1/documents/${shortCode}/links`, { headers: owner.auth, data: { name: "Private" } })
    ).json();
    for (const [method, path] of [
      ["get", `/api/v1/documents/${shortCode}/links`],
      ["post", `/api/v1/documents/${shortCode}/links`],
      ["get", `/api/v1/links/${code}`],
      ["patch", `/api/v1/links/${code}`],
      ["delete", `/api/v1/links/${code}`],
    ] as const) {
      const response = await request[method](path, {
        headers: stranger.auth,
        data: method === "get" || method === "delete" ? undefined : { name: "x" },
      });
      expect(response.status(), `${method} ${path}`).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
    const stats = await request.get(`/api/v1/documents/${shortCode}/stats?link=${code}`, { headers: owner.auth });
    expect(stats.status()).toBe(200);
    expect(await stats.json()).toMatchObject({ views: 0, unique_viewers: 0 });
    expect((await request.get(`/api/v1/documents/${shortCode}/viewers?link=zzzzzzzzzz`, { headers: owner.auth })).status()).toBe(404);
  });

  test("methods a path does not serve are 405 with Allow", async ({ request }) => {
    const response = await request.put(`/api/v1/documents/${shortCode}/links`, { headers: owner.auth });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toContain("POST");
  });
});
