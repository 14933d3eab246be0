import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount } from "../test/support/playwright/accounts";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * Server-rendered page images are served under exactly the file's doors and grants: a browser gets
 * the image of a page only when it may read that page now. Fetched as strangers (no cookies).
 */
const imageOf = (request: APIRequestContext, code: string, page: number, thumb = false) =>
  request.get(`/s/${code}/pages/${page}${thumb ? "?w=thumb" : ""}`);

/** The background renders the pages after page 1 once the upload has answered: wait until the last one is there. */
async function allRendered(request: APIRequestContext, code: string, pages: number) {
  await expect.poll(async () => (await imageOf(request, code, pages)).status(), { timeout: 60_000 }).toBe(200);
}

async function expectRefused(request: APIRequestContext, code: string, page: number, status = 403) {
  const response = await imageOf(request, code, page);
  expect(response.status(), `page ${page}`).toBe(status);
  expect(response.headers()["content-type"], `page ${page}`).toContain("application/json");
  expect((await response.json()).error.code, `page ${page}`).toBe(status === 403 ? "forbidden" : "not_found");
}

test("a preview gate: the pages before it as images, none at or after it until the email is given", async ({ playwright, baseURL }) => {
  const account = await newAccount("images-gate");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 5, fields: { gate_page: "3" } });
  const code = doc.short_code.slice(2);
  const stranger = await playwright.request.newContext({ baseURL });

  // Page 1 was drawn before the upload answered.
  const first = await imageOf(stranger, code, 1);
  expect(first.status()).toBe(200);
  expect(first.headers()).toMatchObject({
    "content-type": "image/webp",
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-cache",
  });
  const meta = await sharp(await first.body()).metadata();
  expect([meta.format, meta.width]).toEqual(["webp", 1280]);
  expect((await sharp(await (await imageOf(stranger, code, 1, true)).body()).metadata()).width).toBe(320);

  // Revalidation checks the grant each time: the same ETag gives 304 only to a browser that may read the page.
  const etag = first.headers()["etag"]!;
  expect((await stranger.get(`/s/${code}/pages/1`, { headers: { "If-None-Match": etag } })).status()).toBe(304);

  await expect.poll(async () => (await imageOf(stranger, code, 2)).status(), { timeout: 60_000 }).toBe(200);
  for (const page of [3, 4, 5]) await expectRefused(stranger, code, page);
  for (const page of [0, 6, "1x", "-1"] as const) {
    expect((await stranger.get(`/s/${code}/pages/${page}`)).status(), `page ${page}`).toBe(404);
  }

  expect((await stranger.post(`/s/${code}/gate`, { data: { email: "reader@acme.com" } })).status()).toBe(200);
  await allRendered(stranger, code, 5);
  for (const page of [3, 4, 5]) expect((await imageOf(stranger, code, page)).status(), `page ${page}`).toBe(200);

  // The grant is this document's only.
  const other = await uploadOk(owner, account, { pages: 4, fields: { gate_page: "2" } });
  await expectRefused(stranger, other.short_code.slice(2), 2);
});

test("a full gate, a password and an agreement each withhold every image, page 1 included", async ({ playwright, baseURL }) => {
  const account = await newAccount("images-closed");
  const owner = await playwright.request.newContext({ baseURL });
  const stranger = await playwright.request.newContext({ baseURL });
  const full = await uploadOk(owner, account, { pages: 2, fields: { gate_type: "full" } });
  await expectRefused(stranger, full.short_code.slice(2), 1);

  const locked = await uploadOk(owner, account, { pages: 2, fields: { email_gate: "false", password: "open sesame" } });
  const lockedCode = locked.short_code.slice(2);
  await expectRefused(stranger, lockedCode, 1);
  expect((await stranger.post(`/s/${lockedCode}/password`, { data: { password: "open sesame" } })).status()).toBe(200);
  expect((await imageOf(stranger, lockedCode, 1)).status()).toBe(200);

  const agreed = await uploadOk(owner, account, { pages: 2, fields: { email_gate: "false", agreement: "I will keep this to myself." } });
  await expectRefused(stranger, agreed.short_code.slice(2), 1);
});

test("a link with its own gate, and a gate the owner moves earlier, decide which images a browser gets", async ({
  playwright,
  baseURL,
}) => {
  const account = await newAccount("images-links");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 4, fields: { email_gate: "false" } });
  const code = doc.short_code.slice(2);
  const reader = await playwright.request.newContext({ baseURL });
  await allRendered(reader, code, 4);

  const created = await owner.post(`/api/v1/documents/${doc.short_code}/links`, {
    headers: account.auth,
    data: { name: "Gated at 2", settings: { email_gate: true, gate_type: "preview", gate_page: 2 } },
  });
  expect(created.status()).toBe(201);
  const link = (await created.json()) as { code: string };
  expect((await imageOf(reader, link.code, 1)).status()).toBe(200);
  for (const page of [2, 3, 4]) await expectRefused(reader, link.code, page);
  // The document's own code has no gate: the same browser reads every page there.
  expect((await imageOf(reader, code, 4)).status()).toBe(200);

  // The owner turns the gate on at page 3: pages 3 and 4 are withheld from the next request on.
  const patched = await owner.patch(`/api/v1/documents/${doc.short_code}`, {
    headers: account.auth,
    data: { email_gate: true, gate_type: "preview", gate_page: 3 },
  });
  expect(patched.status()).toBe(200);
  expect((await imageOf(reader, code, 2)).status()).toBe(200);
  for (const page of [3, 4]) await expectRefused(reader, code, page);
  // Even revalidating an image it already holds.
  const etag = `"${doc.id}-4-page"`;
  expect((await reader.get(`/s/${code}/pages/4`, { headers: { "If-None-Match": etag } })).status()).toBe(403);

  // Deleted: gone, as the file is.
  expect((await owner.delete(`/api/v1/documents/${doc.short_code}`, { headers: account.auth })).status()).toBe(204);
  expect((await imageOf(reader, code, 1)).status()).toBe(410);
});

test("a reader sees page 1's image in the server's HTML, and the viewer reads the pages as images, never asking for the file", async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await newAccount("images-viewer");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 3, fields: { email_gate: "false" } });
  const code = doc.short_code.slice(2);
  const files: string[] = [];
  page.on("request", (request) => request.url().includes(`/s/${code}/file`) && files.push(request.url()));

  const html = await (await owner.get(`/s/${code}`)).text();
  expect(html).toContain(`src="/s/${code}/pages/1?version=1&amp;w=1280"`);

  await page.goto(`/s/${code}`);
  const firstPage = page.locator('[data-page="1"][data-image-painted="true"]');
  await expect(firstPage).toBeVisible();
  await expect(page.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  await expect(page.getByTestId("pdf-page-1").locator("img")).toBeVisible();
  // The page's text is over its image, to select (from the server's layers once it stores them).
  await expect(page.getByTestId("pdf-page-1").getByTestId("text-layer")).toContainText(/\S/);
  expect(files).toEqual([]);
});

test("the owner's dashboard shows each document's page 1; another account and a signed-out browser get no thumbnail", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const account = await newAccount("images-dashboard");
  const api = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(api, account, { pages: 3, fields: { email_gate: "false" } });
  const code = doc.short_code.slice(2);
  const page = await signedIn(browser, account);

  const listed = page.getByRole("row", { name: new RegExp(doc.title) }).getByTestId("thumbnail-1");
  await expect(listed).toBeVisible();
  await expect.poll(() => listed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

  await page.goto(`/documents/${code}`);
  await expect(page.getByTestId("thumbnail-1")).toBeVisible();
  const own = await page.request.get(`/api/dashboard/documents/${code}/pages/1`);
  expect([own.status(), own.headers()["content-type"]]).toEqual([200, "image/webp"]);

  // Another account, and nobody signed in, get nothing.
  const stranger = await signedIn(browser, await newAccount("images-dashboard-other"));
  expect((await stranger.request.get(`/api/dashboard/documents/${code}/pages/1`)).status()).toBe(404);
  const anonymous = await playwright.request.newContext({ baseURL });
  expect((await anonymous.get(`/api/dashboard/documents/${code}/pages/1`)).status()).toBe(401);
});

test("a link's preview picture is page 1 when strangers may see it, a neutral card when the rules hold it back", async ({
  playwright,
  baseURL,
}) => {
  const account = await newAccount("images-og");
  const api = await playwright.request.newContext({ baseURL });
  const ogImage = async (code: string) => {
    const html = await (await api.get(`/s/${code}`)).text();
    return /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  };
  const open = await uploadOk(api, account, { pages: 2, fields: { email_gate: "false" } });
  const openImage = await ogImage(open.short_code.slice(2));
  expect(openImage).toMatch(new RegExp(`/s/${open.short_code.slice(2)}/pages/1$`));
  // A chat app fetching it has no cookies: it gets the image.
  expect((await api.get(new URL(openImage!).pathname)).status()).toBe(200);

  const gated = await uploadOk(api, account, { pages: 2, fields: { gate_type: "full" } });
  const card = await ogImage(gated.short_code.slice(2));
  expect(card).toMatch(/\/og-card\.png$/);
  const cardFile = await api.get(new URL(card!).pathname);
  expect([cardFile.status(), cardFile.headers()["content-type"]]).toEqual([200, "image/png"]);
});
