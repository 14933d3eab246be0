import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { newAccount } from "../test/support/playwright/accounts";
import { waitForFreshMinute } from "../test/support/playwright/rate-limit-window";
import { HOSTILE_PDFS, markerPage, markersIn } from "../test/support/hostile-pdfs";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";

/**
 * The gate is real: without a grant, no URL returns a gated page. Every viewer route is fetched
 * as a stranger (no cookies) and each PDF that comes back is opened to count its pages.
 */
const pageCountOf = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPageCount();

test("a preview gate serves pages 1..N-1 and nothing more until the email is given", async ({ playwright, baseURL }) => {
  const account = await newAccount("gate-proof");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 6, fields: { gate_page: "3" } });
  const code = doc.short_code.slice(2);
  const stranger = await playwright.request.newContext({ baseURL });

  const html = await (await stranger.get(`/s/${code}`)).text();
  expect(html).not.toContain("v=full");
  expect(html).not.toContain(doc.id);

  const full = await stranger.get(`/s/${code}/file?v=full`);
  expect(full.status()).toBe(403);
  expect((await full.body()).includes(Buffer.from("%PDF"))).toBe(false);
  for (const path of [`/s/${code}/file`, `/s/${code}/file?v=original`, `/s/${code}/download`]) {
    const response = await stranger.get(path);
    expect(response.status(), path).toBeGreaterThanOrEqual(400);
    expect((await response.body()).includes(Buffer.from("%PDF")), path).toBe(false);
  }
  const ranged = await stranger.get(`/s/${code}/file?v=full`, { headers: { Range: "bytes=0-1000" } });
  expect(ranged.status()).toBe(403);

  const preview = await stranger.get(`/s/${code}/file?v=preview`);
  expect(preview.status()).toBe(200);
  expect(await pageCountOf(await preview.body())).toBe(2);

  // A forged grant cookie is ignored.
  const forged = await stranger.get(`/s/${code}/file?v=full`, { headers: { Cookie: `pw_gate_${code}=eyJkIjoieCJ9.c2lnbmF0dXJl` } });
  expect(forged.status()).toBe(403);

  expect((await stranger.post(`/s/${code}/gate`, { data: { email: "proof@acme.com" } })).status()).toBe(200);
  const unlocked = await stranger.get(`/s/${code}/file?v=full`);
  expect(unlocked.status()).toBe(200);
  expect(await pageCountOf(await unlocked.body())).toBe(6);
  const range = await stranger.get(`/s/${code}/file?v=full`, { headers: { Range: "bytes=0-99" } });
  expect(range.status()).toBe(206);
  expect(range.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
  expect((await range.body()).length).toBe(100);

  // The grant belongs to this document only.
  const other = await uploadOk(owner, account, { pages: 4, fields: { gate_page: "2" } });
  expect((await stranger.get(`/s/${other.short_code.slice(2)}/file?v=full`)).status()).toBe(403);
});

test("a full gate serves no page at all before the email", async ({ playwright, baseURL }) => {
  const account = await newAccount("gate-proof-full");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 3, fields: { gate_type: "full" } });
  const code = doc.short_code.slice(2);
  const stranger = await playwright.request.newContext({ baseURL });
  for (const variant of ["full", "preview"]) {
    expect((await stranger.get(`/s/${code}/file?v=${variant}`)).status(), variant).toBe(403);
  }
  expect((await stranger.get(`/s/${code}/download`)).status()).toBe(403);
});

test("a password protects even the preview; a grant stops working when the password changes", async ({ playwright, baseURL }) => {
  const account = await newAccount("gate-proof-password");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 4, fields: { email_gate: "false", password: "first-pass" } });
  const code = doc.short_code.slice(2);
  const stranger = await playwright.request.newContext({ baseURL });
  expect((await stranger.get(`/s/${code}/file?v=full`)).status()).toBe(403);
  expect((await stranger.get(`/s/${code}/file?v=preview`)).status()).toBe(403);
  expect((await stranger.post(`/s/${code}/password`, { data: { password: "nope" } })).status()).toBe(401);
  for (const [body, status] of [
    ["null", 422],
    ["[1]", 422],
    ['"text"', 422],
    ["{not json", 400],
  ] as const) {
    const odd = await stranger.post(`/s/${code}/password`, { headers: { "Content-Type": "application/json" }, data: Buffer.from(body) });
    expect(odd.status(), body).toBe(status);
  }
  expect((await stranger.post(`/s/${code}/password`, { data: { password: "first-pass" } })).status()).toBe(200);
  expect((await stranger.get(`/s/${code}/file?v=full`)).status()).toBe(200);

  await owner.patch(`/api/v1/documents/${doc.short_code}`, { headers: account.auth, data: { password: "second-pass" } });
  expect((await stranger.get(`/s/${code}/file?v=full`)).status()).toBe(403);
});

test("wrong passwords are rate limited per client address", async ({ playwright, baseURL }) => {
  const account = await newAccount("gate-proof-brute");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 1, fields: { password: "right-one" } });
  const code = doc.short_code.slice(2);
  const headers = { "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250)}` };
  const statuses: number[] = [];
  await waitForFreshMinute();
  for (let i = 0; i < 12; i++)
    statuses.push((await owner.post(`/s/${code}/password`, { headers, data: { password: `guess-${i}` } })).status());
  expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);
  const right = await owner.post(`/s/${code}/password`, { headers, data: { password: "right-one" } });
  expect(right.status()).toBe(429);
  expect(Number(right.headers()["retry-after"])).toBeGreaterThan(0);
});

test("bots are served but never recorded", async ({ playwright, baseURL }) => {
  const account = await newAccount("bots");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 2, fields: { email_gate: "false" } });
  const bot = await playwright.request.newContext({ baseURL, userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" });
  expect((await bot.get(`/s/${doc.short_code.slice(2)}`)).status()).toBe(200);
  const track = await bot.post(`/s/${doc.short_code.slice(2)}/track`, {
    data: { batch_id: "bot-batch-0001", pages: [{ page: 1, seconds: 1 }] },
  });
  expect(track.status()).toBe(204);
  const stats = await (await owner.get(`/api/v1/documents/${doc.short_code}/stats`, { headers: account.auth })).json();
  expect(stats.views).toBe(0);
});

test("in Chromium, nothing the viewer receives before the gate holds a later page of a hostile PDF", async ({ page, baseURL }) => {
  const account = await newAccount("gate-proof-hostile");
  const owner = page.context().request;
  const received: Array<{ url: string; body: Buffer }> = [];
  const reading: Array<Promise<void>> = [];
  // pdf.js streams the file and cancels what it does not need, so DevTools keeps no body for it:
  // files are fetched through a route to see every byte the browser gets.
  await page.route(/\/s\/[a-z0-9]+\/file/, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    received.push({ url: route.request().url(), body });
    await route.fulfill({ response, body });
  });
  page.on("response", (response) => {
    if (!response.url().startsWith(baseURL!) || response.url().includes("/file")) return;
    reading.push(
      response.body().then(
        (body) => void received.push({ url: response.url(), body }),
        () => undefined,
      ),
    );
  });
  for (const [layout, build] of Object.entries(HOSTILE_PDFS)) {
    // Titled by the owner: a PDF's own Title is the owner's to keep as the document's title (shown, as any title, before the gate);
    // what is proved here is that nothing of the file itself carries a later page past the gate.
    const doc = await uploadOk(owner, account, { bytes: await build(), fields: { gate_page: "3", title: `Hostile ${layout}` } });
    await page.goto(`/s/${doc.short_code.slice(2)}`);
    await expect(page.getByTestId("pdf-page-2")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
    await expect(page.getByTestId("email-gate")).toBeVisible();
    // Page 2's text layer is fetched after its image is drawn: wait until its response is read, then for every response seen by then.
    await expect
      .poll(
        async () => {
          await Promise.all(reading);
          return received.some((r) => markersIn(r.body).has("PWMARK-P2"));
        },
        { message: layout, timeout: 20_000 },
      )
      .toBe(true);
    await Promise.all(reading);
    // The viewer reads page images and their layers, never the file: page 2's text reaches it in its layers, nothing of page 3 or later.
    expect(
      received.filter((r) => r.url.includes("/file")).map((r) => r.url),
      layout,
    ).toEqual([]);
    const leaked = received.flatMap((r) => [...markersIn(r.body)].filter((m) => markerPage(m) >= 3).map((m) => `${m} in ${r.url}`));
    expect(leaked, layout).toEqual([]);
    expect(
      received.some((r) => markersIn(r.body).has("PWMARK-P2")),
      layout,
    ).toBe(true);
    received.length = 0;
    reading.length = 0;
  }
});

test("grant cookies moved to another name, document or browser open nothing", async ({ playwright, baseURL }) => {
  const account = await newAccount("gate-proof-swap");
  const owner = await playwright.request.newContext({ baseURL });
  const first = await uploadOk(owner, account, { pages: 4, fields: { gate_page: "2", password: "first-pass" } });
  const second = await uploadOk(owner, account, { pages: 4, fields: { gate_page: "2", password: "first-pass" } });
  const codeOf = (doc: DocumentBody) => doc.short_code.slice(2);

  const reader = await playwright.request.newContext({ baseURL });
  for (const doc of [first, second]) {
    expect((await reader.post(`/s/${codeOf(doc)}/password`, { data: { password: "first-pass" } })).status()).toBe(200);
    expect((await reader.post(`/s/${codeOf(doc)}/gate`, { data: { email: "reader@acme.com" } })).status()).toBe(200);
    expect((await reader.get(`/s/${codeOf(doc)}/file?v=full`)).status()).toBe(200);
  }
  const cookies = Object.fromEntries((await reader.storageState()).cookies.map((c) => [c.name, c.value]));
  const [browserCookie, passA, gateA, passB, gateB] = [
    cookies.pw_bid!,
    cookies[`pw_pass_${codeOf(first)}`]!,
    cookies[`pw_gate_${codeOf(first)}`]!,
    cookies[`pw_pass_${codeOf(second)}`]!,
    cookies[`pw_gate_${codeOf(second)}`]!,
  ];
  const a = codeOf(first);
  const stranger = await playwright.request.newContext({ baseURL });
  await stranger.get(`/s/${a}`);
  const strangerBrowser = (await stranger.storageState()).cookies.find((c) => c.name === "pw_bid")?.value ?? "another-browser-0123456789";
  const attempts: Record<string, string> = {
    "password grant under the gate's name": `pw_bid=${browserCookie}; pw_pass_${a}=${passA}; pw_gate_${a}=${passA}`,
    "gate grant under the password's name": `pw_bid=${browserCookie}; pw_pass_${a}=${gateA}; pw_gate_${a}=${gateA}`,
    "another document's grants": `pw_bid=${browserCookie}; pw_pass_${a}=${passB}; pw_gate_${a}=${gateB}`,
    "the grants in another browser": `pw_bid=${strangerBrowser}; pw_pass_${a}=${passA}; pw_gate_${a}=${gateA}`,
    "the grants without a browser cookie": `pw_pass_${a}=${passA}; pw_gate_${a}=${gateA}`,
  };
  for (const [attempt, cookie] of Object.entries(attempts)) {
    const client = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    for (const path of [`/s/${a}/file?v=full`, `/s/${a}/download`]) {
      expect((await client.get(path, { headers: { Cookie: cookie } })).status(), `${attempt}: ${path}`).toBe(403);
    }
    await client.dispose();
  }
  const genuine = `pw_bid=${browserCookie}; pw_pass_${a}=${passA}; pw_gate_${a}=${gateA}`;
  const control = await playwright.request.newContext({ baseURL });
  expect((await control.get(`/s/${a}/file?v=full`, { headers: { Cookie: genuine } })).status(), "the same cookies, unmoved").toBe(200);
});
