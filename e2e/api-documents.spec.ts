import { request as httpRequest } from "node:http";
import { expect, test } from "../test/support/playwright/api-contract";
import { E2E_PORT } from "../playwright.config";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { readFileSync } from "node:fs";
import path from "node:path";
import { encryptedPdf, encryptPdf } from "../test/support/encrypted-pdf";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { E2E_STORAGE_DIR, E2E_UPLOAD_TMP_DIR, db, filesUnder } from "../test/support/playwright/database";
import { type DocumentBody, upload, uploadOk } from "../test/support/playwright/upload";
import { docx } from "../test/support/office-files";
import { sourceKey } from "../lib/storage/document-keys";
import type { Api } from "../test/support/playwright/api-client";
import type { components } from "../lib/generated/openapi/schema";

/** A document's stored files besides its page images (which the background keeps adding after an upload answers). */
const documentFiles = (dir: string) => filesUnder(dir).filter((file) => !file.split(path.sep).includes("pages"));

// `version` is additive (issue 28; docs/decisions.md, "Versions"), `source_type` too (issue 47).
const DOCUMENT_FIELDS = [
  "id",
  "title",
  "short_code",
  "url",
  "page_count",
  "original_filename",
  "created_at",
  "is_active",
  "settings",
  "version",
  "source_type",
].sort();
const SETTINGS_FIELDS = [
  "email_gate",
  "gate_type",
  "gate_page",
  "allow_download",
  "download_original",
  "allow_questions",
  "block_free_emails",
  "password",
  "notifications_enabled",
  "expires_at",
  "verify_email",
  "allow",
  "block",
  "watermark",
  "agreement",
].sort();

let account: Account;
test.beforeAll(async () => {
  account = await newAccount();
});

type DocumentUpdate = components["schemas"]["DocumentUpdate"];
const byCode = (short_code: string) => ({ params: { path: { short_code } } });

/** Each operation on one document, as the client's status and error code. */
async function everyDocumentOperation(client: Api, shortCode: string) {
  const path = byCode(shortCode);
  const answers = {
    get: await client.GET("/api/v1/documents/{short_code}", path),
    stats: await client.GET("/api/v1/documents/{short_code}/stats", path),
    viewers: await client.GET("/api/v1/documents/{short_code}/viewers", path),
    leads: await client.GET("/api/v1/documents/{short_code}/leads", path),
    patch: await client.PATCH("/api/v1/documents/{short_code}", { ...path, body: { title: "mine" } }),
    delete: await client.DELETE("/api/v1/documents/{short_code}", path),
  };
  return Object.fromEntries(Object.entries(answers).map(([name, { response, error }]) => [name, [response.status, error?.error.code]]));
}

const NOT_FOUND_EVERYWHERE = Object.fromEntries(
  ["get", "stats", "viewers", "leads", "patch", "delete"].map((name) => [name, [404, "not_found"]]),
);

function expectRateLimitHeaders(headers: Record<string, string>) {
  expect(headers["x-ratelimit-limit"]).toBe("100");
  expect(Number(headers["x-ratelimit-remaining"])).toBeGreaterThanOrEqual(0);
  expect(Number(headers["x-ratelimit-reset"]) % 60).toBe(0);
  expect(headers["ratelimit-policy"]).toBe('"default";q=100;w=60');
  expect(headers["ratelimit"]).toMatch(/^"default";r=\d+;t=\d+$/);
}

test.describe("authentication", () => {
  test("a request without a key is 401 unauthorized, with rate-limit headers", async ({ api }) => {
    const { error, response } = await api().GET("/api/v1/documents");
    expect(response.status).toBe(401);
    expect(error).toEqual({ error: { code: "unauthorized", message: expect.stringContaining("Authorization: Bearer") } });
    expectRateLimitHeaders(Object.fromEntries(response.headers));
  });

  test("an unknown or malformed key is 401", async ({ api }) => {
    for (const value of ["Bearer pw_live_00000000000000000000000000000000", "Bearer nonsense", "Basic abc"]) {
      const { error, response } = await api().GET("/api/v1/documents", { headers: { Authorization: value } });
      expect(response.status, value).toBe(401);
      expect(error?.error.code).toBe("unauthorized");
    }
  });
});

test.describe("POST /api/v1/documents", () => {
  test("uploads a PDF with default settings: 201, Location, exactly the single-document fields", async ({ request }) => {
    const response = await upload(request, account, { pages: 5 });
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(DOCUMENT_FIELDS);
    expect(Object.keys(body.settings).sort()).toEqual(SETTINGS_FIELDS);
    expect(response.headers()["location"]).toBe(`/api/v1/documents/${body.short_code}`);
    expectRateLimitHeaders(response.headers());
    expect(body).toMatchObject({
      title: "e2e quarterly deck",
      page_count: 5,
      original_filename: "e2e_quarterly-deck.pdf",
      is_active: true,
      settings: {
        email_gate: true,
        gate_type: "preview",
        gate_page: 3,
        allow_download: true,
        block_free_emails: false,
        password: false,
        notifications_enabled: true,
      },
    });
    expect(body.short_code).toMatch(/^s-[a-z0-9]{10}$/);
    expect(body.url).toBe(`http://localhost:${E2E_PORT}/s/${body.short_code.slice(2)}`);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);

    const row = await db.document.findUniqueOrThrow({ where: { id: body.id } });
    expect(row.previewPageCount).toBe(2);
    expect(row.firstPageAspect).toBeCloseTo(792 / 612, 6);
    expect(documentFiles(`${E2E_STORAGE_DIR}/documents/${body.id}`)).toHaveLength(2);
    // Page 1's images were drawn before the answer (the rest follow in the background).
    expect(filesUnder(`${E2E_STORAGE_DIR}/documents/${body.id}/pages`)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/1\.webp$/), expect.stringMatching(/\/1-thumb\.webp$/)]),
    );
    const event = await db.event.findFirstOrThrow({ where: { documentId: body.id } });
    expect(event.type).toBe("document.uploaded");
    expect(event.payload).toEqual({
      id: event.id,
      event: "document.uploaded",
      created_at: body.created_at,
      data: {
        document: { id: body.id, title: body.title, short_code: `s/${body.short_code.slice(2)}`, url: body.url },
        link: { code: body.short_code.slice(2), name: null },
        upload: { original_filename: "e2e_quarterly-deck.pdf", page_count: 5, size_bytes: Number(row.sizeBytes), settings: body.settings },
      },
    });
  });

  test("takes settings, title and a password from the form", async ({ request }) => {
    const body = await uploadOk(request, account, {
      pages: 4,
      fields: {
        title: "Board update",
        email_gate: "ON",
        gate_type: "full",
        gate_page: "4",
        allow_download: "0",
        block_free_emails: "True",
        notifications_enabled: "off",
        password: "open sesame",
        some_browser_field: "ignored",
      },
    });
    expect(body.title).toBe("Board update");
    expect(body.settings).toEqual({
      email_gate: true,
      gate_type: "full",
      gate_page: 4,
      allow_download: false,
      download_original: false,
      block_free_emails: true,
      allow_questions: true,
      password: true,
      notifications_enabled: false,
      expires_at: null,
      verify_email: false,
      allow: [],
      block: [],
      watermark: null,
      agreement: null,
    });
    const row = await db.document.findUniqueOrThrow({ where: { id: body.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.previewStorageKey).toBeNull();
  });

  test("lowers the default gate page to the page count of a short document", async ({ request }) => {
    const body = await uploadOk(request, account, { pages: 2 });
    expect(body.settings.gate_page).toBe(2);
    const one = await uploadOk(request, account, { pages: 1 });
    expect(one.settings.gate_page).toBe(1);
  });

  test("takes a .docx as a PDF made from it, keeps the original, and refuses a PDF named .docx", async ({ request }) => {
    const memo = docx(3, "Office memo");
    const response = await upload(request, account, { bytes: memo, filename: "Board memo.docx" });
    expect(response.status()).toBe(201);
    const body = (await response.json()) as DocumentBody & { source_type: string | null };
    expect([body.original_filename, body.page_count, body.source_type, body.title]).toEqual(["Board memo.docx", 3, "docx", "Board memo"]);
    const row = await db.document.findUniqueOrThrow({ where: { id: body.id } });
    expect(readFileSync(path.join(E2E_STORAGE_DIR, row.storageKey)).subarray(0, 5).toString()).toBe("%PDF-");
    expect(readFileSync(path.join(E2E_STORAGE_DIR, sourceKey(row.storageKey, "docx"))).equals(memo)).toBe(true);

    const renamed = await upload(request, account, { pages: 1, filename: "memo.docx" });
    expect(renamed.status()).toBe(400);
    expect((await renamed.json()).error).toEqual({
      code: "bad_request",
      message: "memo.docx is named as .docx but is a PDF inside. Upload it under its own name (.pdf), or export it again as .docx.",
    });
  });

  const failures: Array<[string, () => Promise<Parameters<typeof upload>[2]>, number, string]> = [
    ["a file that is not a PDF", async () => ({ bytes: Buffer.from("hello, I am text"), filename: "notes.txt" }), 400, "bad_request"],
    ["a PDF with a wrong extension but no %PDF- header", async () => ({ bytes: Buffer.from("GIF89a....") }), 400, "bad_request"],
    ["a truncated PDF", async () => ({ bytes: (await samplePdf(5)).subarray(0, 2000) }), 400, "bad_request"],
    ["an encrypted PDF whose empty user password does not check out", async () => ({ bytes: await encryptedPdf() }), 400, "bad_request"],
    [
      "a PDF that needs a user password to open",
      async () => ({ bytes: await encryptPdf(await samplePdf(2), { cipher: "AES-256", objectStreams: true, userPassword: "let me in" }) }),
      400,
      "bad_request",
    ],
    ["gate_page beyond the page count", async () => ({ pages: 5, fields: { gate_page: "6" } }), 422, "validation_error"],
    ["gate_page 0", async () => ({ pages: 5, fields: { gate_page: "0" } }), 422, "validation_error"],
    ["gate_page that is not a number", async () => ({ pages: 5, fields: { gate_page: "three" } }), 422, "validation_error"],
    ["a malformed boolean", async () => ({ pages: 5, fields: { allow_download: "maybe" } }), 422, "validation_error"],
    ["an unknown gate_type", async () => ({ pages: 5, fields: { gate_type: "partial" } }), 422, "validation_error"],
    ["a too-short password", async () => ({ pages: 5, fields: { password: "abc" } }), 422, "validation_error"],
    [
      "a file over MAX_UPLOAD_MB (5 MB here)",
      async () => ({ bytes: Buffer.concat([await samplePdf(1), Buffer.alloc(6 * 1024 * 1024)]) }),
      413,
      "payload_too_large",
    ],
  ];

  for (const [name, options, status, code] of failures) {
    test(`refuses ${name} with ${status} ${code} and stores nothing`, async ({ request }) => {
      const before = { rows: await db.document.count(), files: documentFiles(E2E_STORAGE_DIR).length, events: await db.event.count() };
      const response = await upload(request, account, await options());
      expect(response.status()).toBe(status);
      const body = await response.json();
      expect(body.error.code).toBe(code);
      expect(body.error.message.length).toBeGreaterThan(10);
      expectRateLimitHeaders(response.headers());
      expect(await db.document.count()).toBe(before.rows);
      expect(await db.event.count()).toBe(before.events);
      expect(documentFiles(E2E_STORAGE_DIR)).toHaveLength(before.files);
      expect(filesUnder(E2E_UPLOAD_TMP_DIR)).toEqual([]);
    });
  }

  test("accepts a PDF that only an owner password protects and stores it decrypted", async ({ request }) => {
    const encrypted = await encryptPdf(await samplePdf(3, "Owner password only"), { cipher: "AES-128", objectStreams: true });
    const body = await uploadOk(request, account, { bytes: encrypted, filename: "locked.pdf" });
    expect([body.page_count, body.original_filename]).toEqual([3, "locked.pdf"]);
    const doc = await db.document.findUniqueOrThrow({ where: { id: body.id } });
    const stored = readFileSync(path.join(E2E_STORAGE_DIR, doc.storageKey));
    expect(stored.toString("latin1")).not.toMatch(/\/Encrypt\b/);
    expect(doc.sizeBytes).toBe(BigInt(stored.length));
    expect(filesUnder(E2E_UPLOAD_TMP_DIR)).toEqual([]);
  });

  test("refuses a request without a file, or not multipart, with 400", async ({ request }) => {
    const noFile = await request.post("/api/v1/documents", { headers: account.auth, multipart: { title: "No file" } });
    expect(noFile.status()).toBe(400);
    expect((await noFile.json()).error.message).toContain("field named file");
    const json = await request.post("/api/v1/documents", { headers: account.auth, data: { title: "x" } });
    expect(json.status()).toBe(400);
  });

  test("a client that disconnects mid-upload leaves no row and no file", async () => {
    const before = { rows: await db.document.count(), files: documentFiles(E2E_STORAGE_DIR).length };
    const boundary = "----pagewise-e2e";
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: "127.0.0.1",
        port: E2E_PORT,
        method: "POST",
        path: "/api/v1/documents",
        headers: {
          Authorization: account.auth.Authorization,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(3 * 1024 * 1024),
        },
      });
      req.on("error", () => resolve());
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
      );
      req.write(Buffer.alloc(512 * 1024));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await expect.poll(() => filesUnder(E2E_UPLOAD_TMP_DIR), { timeout: 10_000 }).toEqual([]);
    expect(await db.document.count()).toBe(before.rows);
    expect(documentFiles(E2E_STORAGE_DIR)).toHaveLength(before.files);
  });
});

test.describe("GET, PATCH and DELETE /api/v1/documents/{short_code}", () => {
  test("GET accepts s-<code> and the bare code; unknown codes are 404 not_found", async ({ request, api }) => {
    const doc = await uploadOk(request, account);
    for (const code of [doc.short_code, doc.short_code.slice(2)]) {
      const { data, response } = await api(account).GET("/api/v1/documents/{short_code}", byCode(code));
      expect(response.status).toBe(200);
      expect(data).toEqual(doc);
    }
    for (const code of ["s-0000000000", "nope", "s-" + "x".repeat(40)]) {
      const { error, response } = await api(account).GET("/api/v1/documents/{short_code}", byCode(code));
      expect(response.status).toBe(404);
      expect(error).toEqual({ error: { code: "not_found", message: "Document not found" } });
    }
  });

  test("PATCH changes only the fields sent, and rewrites the preview when the gate moves", async ({ request, api }) => {
    const doc = await uploadOk(request, account, { pages: 6 });
    const before = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    const patch = (body: DocumentUpdate) => api(account).PATCH("/api/v1/documents/{short_code}", { ...byCode(doc.short_code), body });
    const { data: body, response } = await patch({ title: "Q3 Deck", allow_download: false, gate_page: 5 });
    expect(response.status).toBe(200);
    expect(body).toEqual({ ...doc, title: "Q3 Deck", settings: { ...doc.settings, allow_download: false, gate_page: 5 } });
    const after = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    expect(after.previewPageCount).toBe(4);
    expect(after.previewStorageKey).not.toBe(before.previewStorageKey);
    expect(documentFiles(`${E2E_STORAGE_DIR}/documents/${doc.id}`)).toHaveLength(2);

    expect((await patch({})).data).toEqual(body);
  });

  test("PATCH sets and clears the password", async ({ request, api }) => {
    const doc = await uploadOk(request, account);
    const patch = (body: DocumentUpdate) => api(account).PATCH("/api/v1/documents/{short_code}", { ...byCode(doc.short_code), body });
    expect((await patch({ password: "letmein!" })).data?.settings.password).toBe(true);
    expect((await patch({ password: null })).data?.settings.password).toBe(false);
  });

  // Bodies the generated client's types would refuse go out raw.

  const badPatches: Array<[string, unknown, number, string]> = [
    ["gate_page beyond the page count", { gate_page: 6 }, 422, "gate_page"],
    ["gate_page as a string", { gate_page: "2" }, 422, "gate_page"],
    ["an unknown field", { titel: "typo" }, 422, "titel"],
    ["an empty title", { title: "  " }, 422, "title"],
    ["a boolean as a string", { allow_download: "false" }, 422, "allow_download"],
    ["an unknown gate_type", { gate_type: "sometimes" }, 422, "gate_type"],
    ["a JSON array", [1, 2], 422, "JSON object"],
  ];
  for (const [name, data, status, mention] of badPatches) {
    test(`PATCH refuses ${name} (${status}) and changes nothing`, async ({ request }) => {
      const doc = await uploadOk(request, account, { pages: 5 });
      const response = await request.patch(`/api/v1/documents/${doc.short_code}`, { headers: account.auth, data: data as object });
      expect(response.status()).toBe(status);
      const body = await response.json();
      expect(body.error.code).toBe("validation_error");
      expect(body.error.message).toContain(mention);
      expect(await (await request.get(`/api/v1/documents/${doc.short_code}`, { headers: account.auth })).json()).toEqual(doc);
    });
  }

  test("PATCH with a body that is not JSON is 400 bad_request", async ({ request }) => {
    const doc = await uploadOk(request, account);
    const response = await request.patch(`/api/v1/documents/${doc.short_code}`, {
      headers: { ...account.auth, "Content-Type": "application/json" },
      data: Buffer.from("{not json"),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request");
  });

  test("DELETE soft-deletes: 204 without a body, then 404 everywhere, gone from the list, kept in the database", async ({
    request,
    api,
  }) => {
    const doc = await uploadOk(request, account);
    const client = api(account);
    const { response } = await client.DELETE("/api/v1/documents/{short_code}", byCode(doc.short_code));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expectRateLimitHeaders(Object.fromEntries(response.headers));
    expect(await everyDocumentOperation(client, doc.short_code)).toEqual(NOT_FOUND_EVERYWHERE);
    const { data: list } = await client.GET("/api/v1/documents", { params: { query: { per_page: 100 } } });
    expect(list!.documents.map((d) => d.id)).not.toContain(doc.id);
    const row = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    expect(row.isActive).toBe(false);
    expect(row.deletedAt).toBeInstanceOf(Date);
  });
});

test.describe("tenant isolation", () => {
  test("another account's document is 404 on every path", async ({ request, api }) => {
    const doc = await uploadOk(request, account);
    const other = api(await newAccount("intruder"));
    expect(await everyDocumentOperation(other, doc.short_code)).toEqual(NOT_FOUND_EVERYWHERE);
    expect((await other.GET("/api/v1/documents")).data?.documents).toEqual([]);
    expect((await api(account).GET("/api/v1/documents/{short_code}", byCode(doc.short_code))).response.status).toBe(200);
  });
});

test.describe("routing", () => {
  test("an unknown /api/v1 path is 404 in the error envelope", async ({ request }) => {
    const response = await request.get("/api/v1/nothing/here", { headers: account.auth });
    expect(response.status()).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
    expectRateLimitHeaders(response.headers());
  });

  test("a wrong method is 405 with an Allow header", async ({ request }) => {
    const response = await request.put("/api/v1/documents", { headers: account.auth, data: {} });
    expect(response.status()).toBe(405);
    // Allow lists what works: HEAD comes with GET, OPTIONS everywhere.
    expect(response.headers()["allow"]).toBe("GET, POST, HEAD, OPTIONS");
    expect((await response.json()).error.code).toBe("bad_request");
    const stats = await request.delete("/api/v1/documents/s-0000000000/stats", { headers: account.auth });
    expect(stats.status()).toBe(405);
    expect(stats.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
    const options = await request.fetch("/api/v1/documents/s-0000000000/stats", { method: "OPTIONS", headers: account.auth });
    expect(options.status()).toBe(204);
    expect(options.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
    expectRateLimitHeaders(options.headers());
  });
});

test.describe("text PostgreSQL cannot store", () => {
  const NUL = "a\u0000b";

  test("a NUL character in a query, a body or a viewer form is refused in the envelope, never a 500, and changes nothing", async ({
    request,
  }) => {
    const owner = await newAccount("nul");
    const doc = await uploadOk(request, owner, { pages: 3, fields: { title: "Clean title", gate_page: "2" } });
    const code = doc.short_code.slice(2);

    const search = await request.get(`/api/v1/documents?search=${encodeURIComponent(NUL)}`, { headers: owner.auth });
    expect(search.status()).toBe(400);
    expect((await search.json()).error).toEqual({ code: "bad_request", message: expect.stringContaining("NUL") });

    const patch = await request.patch(`/api/v1/documents/${doc.short_code}`, { headers: owner.auth, data: { title: NUL } });
    expect(patch.status()).toBe(422);
    expect((await patch.json()).error.code).toBe("validation_error");
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).title).toBe("Clean title");

    const uploadTitle = await upload(request, owner, { pages: 1, fields: { title: NUL } });
    expect(uploadTitle.status()).toBe(422);

    const webhook = await request.post("/api/v1/webhooks", {
      headers: owner.auth,
      data: { url: `https://example.com/${NUL}`, events: ["document.viewed"] },
    });
    expect(webhook.status()).toBe(422);

    const gate = await request.post(`/s/${code}/gate`, { data: { email: "reader@acme.com", name: NUL } });
    expect(gate.status()).toBe(400);
    const track = await request.post(`/s/${code}/track`, { data: { batch_id: `batch-${NUL}`, pages: [{ page: 1, seconds: 1 }] } });
    expect(track.status()).toBe(400);
    expect(await db.lead.count({ where: { documentId: doc.id } })).toBe(0);
    expect(await db.visit.count({ where: { documentId: doc.id } })).toBe(0);
  });

  test("a NUL character in an uploaded file's name (RFC 5987 filename*) is dropped from the stored name", async ({ request }) => {
    const owner = await newAccount("nul-file");
    const body = Buffer.concat([
      Buffer.from(
        `--XyZ\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''board%00-deck.pdf\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      await samplePdf(1),
      Buffer.from("\r\n--XyZ--\r\n"),
    ]);
    const response = await request.post("/api/v1/documents", {
      headers: { ...owner.auth, "Content-Type": "multipart/form-data; boundary=XyZ" },
      data: body,
    });
    expect(response.status()).toBe(201);
    expect((await response.json()).original_filename).toBe("board-deck.pdf");
  });
});

test("without Inngest configured, /api/inngest does not exist (deliveries run in-process)", async ({ request }) => {
  for (const method of ["GET", "POST", "PUT"]) {
    const response = await request.fetch("/api/inngest", { method, headers: { "Content-Type": "application/json" }, data: "{" });
    expect(response.status(), method).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  }
});
