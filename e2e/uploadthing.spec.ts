import { rmSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import pg from "pg";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { type AppProcess, ROOT, runScript, startApp, waitForHealth } from "../test/support/app-process";
import { freshDatabase, query as queryDatabase } from "../test/support/playwright/own-database";
import { type UploadThingStandIn, startUploadThingStandIn } from "../test/support/uploadthing-standin";
import { E2E_PORT, E2E_URL } from "../playwright.config";
import { ownClientAddress } from "../test/support/playwright/client-address";

/**
 * STORAGE_DRIVER=uploadthing end to end, against a stand-in of UploadThing on loopback (no test
 * reaches the internet): the dashboard's browser sends the PDF straight to UploadThing's ingest,
 * UploadThing calls the app back, the app inspects the file and makes the document; readers read
 * it through the app with byte ranges; the API stores there too.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

// Beside the e2e server's port, so checkouts running their browser tests at once do not collide.
const PORT = E2E_PORT + 77;
const BASE = `http://localhost:${PORT}`;
const DATABASE = "pagewise_uploadthing";
const dataDir = path.join(ROOT, ".data/e2e-uploadthing");
const email = "ut-owner@example.com";
const password = "long enough password";

let uploadthing: UploadThingStandIn;
let app: AppProcess;
let databaseUrl: string;
let auth: Record<string, string>;
let owner: Page;

const query = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => queryDatabase<T>(databaseUrl, sql, params);
const storedKeys = () => [...uploadthing.files.values()].map((file) => (file.customId ?? "").replaceAll("~", "/"));
const aclOf = (key: string) => [...uploadthing.files.values()].find((file) => file.customId === key.replaceAll("/", "~"))?.acl;

test.beforeAll(async ({ browser }) => {
  uploadthing = await startUploadThingStandIn();
  databaseUrl = await freshDatabase(DATABASE);
  rmSync(dataDir, { recursive: true, force: true });
  const env = { PORT: String(PORT), APP_URL: BASE, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, MAX_UPLOAD_MB: "5", ...uploadthing.env };
  app = startApp(env);
  await waitForHealth(BASE, 120_000);
  expect((await runScript("scripts/user-create.ts", ["--email", email, "--password", password], env)).code).toBe(0);
  const key = (await runScript("scripts/apikey-create.ts", ["--email", email], env)).stdout.trim().split("\n").at(-1)!;
  auth = { Authorization: `Bearer ${key}` };

  owner = await (await browser.newContext({ baseURL: BASE })).newPage();
  await ownClientAddress(owner);
  await owner.goto("/sign-in");
  await owner.getByLabel("Email", { exact: true }).first().fill(email);
  await owner.getByLabel("Password").fill(password);
  await owner.getByRole("button", { name: "Sign in" }).click();
  await expect(owner).toHaveURL(/\/documents$/);
});

test.afterAll(async () => {
  app?.child.kill("SIGTERM");
  await app?.exited;
  await uploadthing?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function chooseAndSubmit(file: { name: string; buffer: Buffer }, title?: string) {
  await owner.goto("/documents?upload=1");
  await owner.locator("#upload-file").setInputFiles({ ...file, mimeType: "application/pdf" });
  if (title) await owner.getByLabel("Title", { exact: true }).fill(title);
  await owner.getByRole("button", { name: "Upload and create link" }).click();
}

test("the dashboard sends the PDF straight to UploadThing, with a progress bar, and the document is made on UploadThing's callback", async ({
  browser,
}) => {
  const release = uploadthing.holdCallbacks();
  const appRequests: string[] = [];
  owner.on("request", (request) => appRequests.push(`${request.method()} ${request.url()}`));
  await chooseAndSubmit({ name: "ut_board-deck.pdf", buffer: await samplePdf(6, "Board deck") }, "Board deck on UploadThing");

  // The bytes are with UploadThing; the server is waiting for its callback to inspect them.
  await expect(owner.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(owner.getByText("Checking the PDF…")).toBeVisible();
  const put = appRequests.find((line) => line.startsWith(`PUT ${uploadthing.url}/`));
  expect(put, "the browser's PUT went to UploadThing's ingest").toBeTruthy();
  expect(appRequests.filter((line) => line.startsWith(`POST ${BASE}/api/dashboard/upload`))).toEqual([]);
  release();

  await expect(owner).toHaveURL(/\/documents\/[a-z0-9]{10}\?uploaded=1$/, { timeout: 30_000 });
  await expect(owner.getByRole("heading", { name: "Board deck on UploadThing" })).toBeVisible();
  const code = owner.url().split("/documents/")[1]!.slice(0, 10);
  const [doc] = await query<{ id: string; storage_key: string; preview_storage_key: string; page_count: number }>(
    "SELECT id, storage_key, preview_storage_key, page_count FROM documents WHERE code = $1",
    [code],
  );
  expect(doc!.page_count).toBe(6);
  expect(doc!.storage_key).toBe(`documents/${doc!.id}/original.pdf`);
  expect(storedKeys()).toEqual(expect.arrayContaining([doc!.storage_key, doc!.preview_storage_key]));
  // The browser's upload and the server's own (the preview) both asked UploadThing for private access.
  expect([doc!.storage_key, doc!.preview_storage_key].map((key) => aclOf(key))).toEqual(["private", "private"]);
  expect(await query("SELECT type FROM events WHERE document_id = $1", [doc!.id])).toEqual([{ type: "document.uploaded" }]);
  expect(await query("SELECT id FROM pending_uploads")).toEqual([]);

  // A reader reads it through the app, which fetches byte ranges from UploadThing.
  const reader = await (await browser.newContext({ baseURL: BASE })).newPage();
  await reader.goto(`/s/${code}`);
  await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  const range = await reader.request.get(`/s/${code}/file?v=preview`, { headers: { Range: "bytes=0-99" } });
  expect(range.status()).toBe(206);
  expect(range.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
  expect((await range.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await reader.close();
});

test("a file that fails inspection is deleted from UploadThing and the owner is told why", async () => {
  // Earlier documents' page images are drawn in the background: let them finish, so the snapshot holds still.
  await expect
    .poll(async () => (await query("SELECT id FROM documents WHERE page_images < page_count AND NOT page_images_stopped")).length, {
      timeout: 60_000,
    })
    .toBe(0);
  const before = storedKeys();
  await chooseAndSubmit({ name: "broken.pdf", buffer: Buffer.from("%PDF-1.7\nnot really a PDF at all\n%%EOF\n") });
  await expect(owner.locator("p[role=alert]")).toContainText("The PDF could not be read", { timeout: 30_000 });
  await expect(owner).toHaveURL(/\/documents\?upload=1$/);
  expect(storedKeys()).toEqual(before);
  expect(uploadthing.calls).toContain("POST /v6/deleteFiles");
  expect(await query("SELECT id FROM documents WHERE original_filename = 'broken.pdf'")).toEqual([]);
  expect(await query("SELECT id FROM pending_uploads")).toEqual([]);
});

test("a form error is shown before anything is sent to UploadThing", async () => {
  const puts = uploadthing.calls.filter((call) => call.startsWith("PUT ")).length;
  await owner.goto("/documents?upload=1");
  await owner.locator("#upload-file").setInputFiles({ name: "deck.pdf", mimeType: "application/pdf", buffer: await samplePdf(2) });
  await owner.getByLabel("Title", { exact: true }).fill("x".repeat(200));
  await owner.getByLabel("Title", { exact: true }).evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
  await owner.getByLabel("Title", { exact: true }).fill("x".repeat(201));
  await owner.getByRole("button", { name: "Upload and create link" }).click();
  await expect(owner.getByText("title must be at most 200 characters").first()).toBeVisible();
  expect(uploadthing.calls.filter((call) => call.startsWith("PUT ")).length).toBe(puts);
});

test("POST /api/v1/documents stores on UploadThing too, and the viewer reads it back", async ({ request, browser }) => {
  const pdf = await samplePdf(3, "API deck");
  const response = await request.post(`${BASE}/api/v1/documents`, {
    headers: auth,
    multipart: { file: { name: "api-deck.pdf", mimeType: "application/pdf", buffer: pdf }, email_gate: "false", gate_type: "none" },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { id: string; short_code: string };
  expect(storedKeys()).toContain(`documents/${body.id}/original.pdf`);
  const stored = [...uploadthing.files.values()].find((file) => file.customId === `documents~${body.id}~original.pdf`)!;
  expect(stored.bytes.equals(pdf)).toBe(true);
  expect(stored.acl).toBe("private");

  const reader = await (await browser.newContext({ baseURL: BASE })).newPage();
  await reader.goto(`/s/${body.short_code.slice(2)}`);
  await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  await expect(reader.getByRole("region", { name: "Page 3 of 3" })).toHaveCount(1);
  await reader.close();
});

test("the door: no session, a forged callback and an oversized body are refused, and nothing is made", async ({ request }) => {
  const documents = (await query("SELECT count(*)::int AS n FROM documents"))[0];
  const noSession = await request.post(`${BASE}/api/uploadthing?actionType=upload&slug=pdf`, {
    data: { files: [{ name: "deck.pdf", size: 1000, type: "application/pdf" }], input: {} },
  });
  expect(noSession.status()).toBe(403);
  expect(await noSession.json()).toMatchObject({ message: "Your session has ended. Sign in again.", code: "unauthorized" });

  const forged = await request.post(`${BASE}/api/uploadthing?slug=pdf`, {
    headers: { "uploadthing-hook": "callback", "x-uploadthing-signature": `hmac-sha256=${"0".repeat(64)}` },
    data: { status: "uploaded", file: {}, origin: uploadthing.url, metadata: { pendingUploadId: "x" } },
  });
  expect(forged.status()).toBe(400);
  expect(await forged.json()).toMatchObject({ message: "Invalid signature" });

  const oversized = await request.post(`${BASE}/api/uploadthing?slug=pdf`, { data: { padding: "x".repeat(100_000) } });
  expect(oversized.status()).toBe(413);
  expect(((await oversized.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");

  expect((await request.put(`${BASE}/api/uploadthing`)).status()).toBe(405);
  expect((await query("SELECT count(*)::int AS n FROM documents"))[0]).toEqual(documents);
  expect(await query("SELECT id FROM pending_uploads")).toEqual([]);
});

test("a rate-limited upload tells the owner to wait, in words, not with the request's URL and status (last: it spends the minute's requests)", async () => {
  // The limit counts per fixed minute (the app's clock is this machine's): start early in one, so the upload falls in it too.
  await expect.poll(() => new Date().getSeconds() < 30, { timeout: 35_000, intervals: [500] }).toBe(true);
  await owner.goto("/documents?upload=1");
  // The owner's own browser (so its address) spends this minute's upload requests.
  const statuses = await owner.evaluate(async () => {
    const answers: number[] = [];
    for (let i = 0; i < 120; i++) answers.push((await fetch("/api/uploadthing?slug=pdf", { method: "POST", body: "{}" })).status);
    return answers;
  });
  expect(statuses.at(-1)).toBe(429);
  await owner.locator("#upload-file").setInputFiles({ name: "deck.pdf", mimeType: "application/pdf", buffer: await samplePdf(6) });
  await owner.getByRole("button", { name: "Upload and create link" }).click();
  const alert = owner.locator("p[role=alert]");
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).not.toContainText("failed with status");
  await expect(alert).toContainText("Too many upload requests");
});

test("without UPLOADTHING_TOKEN nothing changes: the route answers 404 in the envelope", async ({ request }) => {
  const response = await request.get(`${E2E_URL}/api/uploadthing`);
  expect(response.status()).toBe(404);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
});
