import { execFileSync } from "node:child_process";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { db } from "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";

let account: Account;
test.beforeAll(async () => {
  account = await newAccount("rooms-reader");
});

type Room = { id: string; code: string };

async function api<T>(request: APIRequestContext, method: "POST" | "PATCH" | "DELETE", path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/api/v1${path}`, { method, headers: account.auth, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (response.status() === 204 ? null : await response.json()) as T;
}

async function newRoom(request: APIRequestContext, name: string, settings: Record<string, unknown> = {}): Promise<Room> {
  return api<Room>(request, "POST", "/rooms", { name, description: `${name}: everything for the diligence.`, settings });
}

async function addDocument(request: APIRequestContext, room: Room, title: string, folderId: string | null = null) {
  const doc = await uploadOk(request, account, { pages: 2, fields: { title, email_gate: "false" } });
  await api(request, "POST", `/rooms/${room.id}/documents`, { short_code: doc.short_code, folder_id: folderId });
  return doc;
}

async function passRoomGate(page: Page, email: string) {
  const gate = page.getByTestId("email-gate");
  await expect(gate).toContainText("Shared room");
  await gate.getByLabel("Email").fill(email);
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("searchbox", { name: "Search documents" })).toBeVisible();
}

const pageRendered = (page: Page, n: number) =>
  expect(page.getByTestId(`pdf-page-${n}`)).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });

/** The entry names of a ZIP, read by Python's zipfile (an independent reader). */
function zipNames(body: Buffer): string[] {
  const listing = execFileSync(
    "python3",
    ["-c", "import sys, io, zipfile; print('\\n'.join(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).namelist()))"],
    {
      input: body,
    },
  );
  return listing.toString("utf8").trim().split("\n");
}

const gateCookieOf = async (context: BrowserContext, code: string) =>
  (await context.cookies()).find((cookie) => cookie.name === `pw_gate_${code}`);

test("a room of 3 folders and 20 documents, read through two recipient links: one gate each, every document opens with a way back, and each reader is recorded per document with their link", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const room = await newRoom(page.request, "Series A room");
  const folders: string[] = [];
  for (const name of ["Financials", "Legal", "Product"]) {
    folders.push((await api<{ id: string }>(page.request, "POST", `/rooms/${room.id}/folders`, { name })).id);
  }
  const docs: Awaited<ReturnType<typeof addDocument>>[] = [];
  for (let i = 1; i <= 20; i++)
    docs.push(await addDocument(page.request, room, `Document ${String(i).padStart(2, "0")}`, i <= 2 ? null : folders[i % 3]!));
  const jane = await api<{ code: string }>(page.request, "POST", `/rooms/${room.id}/links`, { name: "Jane at Fund A" });
  const omar = await api<{ code: string }>(page.request, "POST", `/rooms/${room.id}/links`, { name: "Omar at Fund B" });

  await page.goto(`/s/${jane.code}`);
  expect(await axeViolations(page)).toEqual([]);
  await passRoomGate(page, "jane@fund-a.example");
  await expect(page.getByRole("heading", { name: "Series A room" })).toBeVisible();
  await expect(page.getByTestId("room-document")).toHaveCount(20);
  for (const name of ["Financials", "Legal", "Product"]) await expect(page.locator("summary", { hasText: name })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Search by title narrows the list and says where each match sits.
  await page.getByRole("searchbox", { name: "Search documents" }).fill("document 1");
  await expect(page.getByRole("status")).toHaveText("10 documents found");
  await page.getByRole("searchbox", { name: "Search documents" }).fill("no such title");
  await expect(page.getByRole("status")).toContainText("No document title contains");
  await page.getByRole("searchbox", { name: "Search documents" }).fill("");

  // A document opens in the viewer, with the way back to the room.
  await page.getByRole("link", { name: "Document 05", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${jane.code}/${docs[4]!.short_code.slice(2)}$`));
  await pageRendered(page, 1);
  await page.mouse.move(300, 300);
  await expect.poll(() => db.viewer.count({ where: { documentId: docs[4]!.id, email: "jane@fund-a.example" } })).toBe(1);
  await page.getByTestId("back-to-room").click();
  await expect(page).toHaveURL(new RegExp(`/s/${jane.code}$`));
  await expect(page.getByTestId("room-document")).toHaveCount(20);

  // The whole room as one ZIP: every document at its folder's path.
  const zip = await page.request.get(`/s/${jane.code}/zip`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect(zip.headers()["content-disposition"]).toContain('filename="Series A room.zip"');
  const names = zipNames(await zip.body());
  expect(names).toHaveLength(20);
  expect(names.slice(0, 2)).toEqual(["Document 01.pdf", "Document 02.pdf"]);
  expect(names.filter((name) => name.startsWith("Legal/"))).toHaveLength(6);

  // A second reader, through their own link, in their own browser.
  const other = await browser.newContext();
  const omarPage = await other.newPage();
  await omarPage.goto(`/s/${omar.code}`);
  await passRoomGate(omarPage, "omar@fund-b.example");
  await omarPage.getByRole("link", { name: "Document 12", exact: true }).click();
  await pageRendered(omarPage, 1);
  await omarPage.mouse.move(300, 300);
  await expect.poll(() => db.viewer.count({ where: { documentId: docs[11]!.id, email: "omar@fund-b.example" } })).toBe(1);
  await other.close();

  const leads = await db.roomLead.findMany({ where: { roomId: room.id }, include: { roomLink: true }, orderBy: { capturedAt: "asc" } });
  expect(leads.map((lead) => [lead.email, lead.roomLink?.name])).toEqual([
    ["jane@fund-a.example", "Jane at Fund A"],
    ["omar@fund-b.example", "Omar at Fund B"],
  ]);
  // Each document opened or downloaded records its own lead, once: Jane's ZIP took all 20, Omar opened one.
  expect(await db.lead.count({ where: { documentId: { in: docs.map((doc) => doc.id) } } })).toBe(21);
});

test("a room's grant opens its documents and nothing else: not a document outside it, not another room, not the documents' own codes, not relabelled or in another browser", async ({
  page,
  browser,
}) => {
  const gated = { email_gate: true, gate_type: "full" };
  const room = await newRoom(page.request, "Room A", gated);
  const otherRoom = await newRoom(page.request, "Room B", gated);
  const inside = await addDocument(page.request, room, "Inside A");
  const inOther = await addDocument(page.request, otherRoom, "Inside B");
  const outside = await uploadOk(page.request, account, { pages: 2, fields: { title: "Outside", email_gate: "true", gate_type: "full" } });
  await api(page.request, "PATCH", `/documents/${inside.short_code}`, { email_gate: true, gate_type: "full" });

  await page.goto(`/s/${room.code}`);
  await passRoomGate(page, "reader@example.com");
  const insideCode = inside.short_code.slice(2);
  expect((await page.request.get(`/s/${room.code}/${insideCode}/file?v=full&version=1`)).status()).toBe(200);
  // A document that is not in the room is not there; another room's document neither.
  expect((await page.request.get(`/s/${room.code}/${outside.short_code.slice(2)}/file?v=full&version=1`)).status()).toBe(404);
  expect((await page.request.get(`/s/${room.code}/${inOther.short_code.slice(2)}/file?v=full&version=1`)).status()).toBe(404);
  expect((await page.request.get(`/s/${room.code}/${outside.short_code.slice(2)}`)).status()).toBe(404);
  // The document's own code keeps the document's own gate.
  expect((await page.request.get(`/s/${insideCode}/file?v=full&version=1`)).status()).toBe(403);
  await page.goto(`/s/${insideCode}`);
  await expect(page.getByTestId("email-gate")).toContainText("Shared document");

  // The room's grant relabelled for the other room, or for the document's own code, opens nothing.
  const grant = (await gateCookieOf(page.context(), room.code))!;
  for (const code of [otherRoom.code, insideCode]) {
    await page.context().addCookies([{ ...grant, name: `pw_gate_${code}`, path: `/s/${code}` }]);
  }
  await page.goto(`/s/${otherRoom.code}`);
  await expect(page.getByTestId("email-gate")).toBeVisible();
  expect((await page.request.get(`/s/${otherRoom.code}/${inOther.short_code.slice(2)}/file?v=full&version=1`)).status()).toBe(403);
  expect((await page.request.get(`/s/${insideCode}/file?v=full&version=1`)).status()).toBe(403);

  // The same grant in another browser (another browser id) opens nothing either.
  const thief = await browser.newContext();
  await thief.addCookies([grant]);
  const thiefPage = await thief.newPage();
  await thiefPage.goto(`/s/${room.code}`);
  await expect(thiefPage.getByTestId("email-gate")).toBeVisible();
  expect((await thiefPage.request.get(`/s/${room.code}/${insideCode}/file?v=full&version=1`)).status()).toBe(403);
  // A reader who has not passed the room's gate is sent to it from a document's page.
  await thiefPage.goto(`/s/${room.code}/${insideCode}`);
  await expect(thiefPage).toHaveURL(new RegExp(`/s/${room.code}$`));
  await thief.close();
});

test("every access rule of a room: its password, agreement, allow and block lists, downloads, expiry, a disabled link and a deleted room", async ({
  page,
  browser,
}) => {
  const room = await newRoom(page.request, "Rules room", {
    email_gate: true,
    gate_type: "full",
    password: "open sesame 42",
    agreement: "Everything in this room is confidential.",
    allow: ["fund.example"],
    block: ["intern@fund.example"],
    allow_download: false,
  });
  const doc = await addDocument(page.request, room, "Term sheet");
  const docPath = `/s/${room.code}/${doc.short_code.slice(2)}`;

  await page.goto(`/s/${room.code}`);
  await expect(page.getByText("Protected room")).toBeVisible();
  expect((await page.request.get(`${docPath}/file?v=full&version=1`)).status()).toBe(403);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Open room" }).click();
  await expect(page.getByText("That password is not right")).toBeVisible();
  await page.getByLabel("Password").fill("open sesame 42");
  await page.getByRole("button", { name: "Open room" }).click();

  // The allow and block lists are the room's.
  const gate = page.getByTestId("email-gate");
  await gate.getByLabel("Email").fill("someone@elsewhere.example");
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(gate).toContainText("can't open this room");
  await gate.getByLabel("Email").fill("intern@fund.example");
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(gate).toContainText("can't open this room");
  expect(await db.roomLead.count({ where: { roomId: room.id } })).toBe(0);
  await gate.getByLabel("Email").fill("partner@fund.example");
  await gate.getByRole("button", { name: "Continue" }).click();

  // Then the agreement, once for the whole room.
  const agreement = page.getByTestId("agreement");
  await expect(agreement).toContainText("Everything in this room is confidential.");
  expect((await page.request.get(`${docPath}/file?v=full&version=1`)).status()).toBe(403);
  await agreement.getByRole("button", { name: "I agree" }).click();
  await expect(page.getByTestId("room-document")).toHaveCount(1);
  expect(await db.agreementAcceptance.count({ where: { roomId: room.id, email: "partner@fund.example" } })).toBe(1);

  // Downloads are off: no download links, and the doors refuse.
  await expect(page.getByRole("link", { name: /Download/ })).toHaveCount(0);
  expect((await page.request.get(`${docPath}/download`)).status()).toBe(403);
  expect((await page.request.get(`/s/${room.code}/zip`)).status()).toBe(403);
  // The reader reads the pages as images: the file itself is refused while downloads are off (issue 41).
  expect((await page.request.get(`${docPath}/file?v=full&version=1`)).status()).toBe(403);
  expect((await page.request.get(`${docPath}/pages/1?version=1`)).status()).toBe(200);

  // A recipient link without the password, its own expiry passed, then disabled; the room deleted.
  const expiring = await api<{ code: string }>(page.request, "POST", `/rooms/${room.id}/links`, {
    name: "Short-lived",
    settings: { password: null, expires_at: new Date(Date.now() - 60_000).toISOString() },
  });
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  expect((await freshPage.goto(`/s/${expiring.code}`))!.status()).toBe(410);
  await expect(freshPage.getByRole("heading", { name: "This room's link has expired" })).toBeVisible();
  await fresh.close();

  await api(page.request, "DELETE", `/rooms/${room.id}`);
  expect((await page.goto(`/s/${room.code}`))!.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This room is no longer available" })).toBeVisible();
  expect((await page.request.get(`${docPath}/file?v=full&version=1`)).status()).toBe(410);
});

test("a room works on a phone: its contents fit the screen and a document opens with the way back", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const room = await newRoom(page.request, "Phone room with a rather long name to wrap on a small screen", { email_gate: false });
  const folder = await api<{ id: string }>(page.request, "POST", `/rooms/${room.id}/folders`, { name: "Board materials" });
  await addDocument(page.request, room, "Quarterly board deck with a long title that has to wrap", folder.id);
  await page.goto(`/s/${room.code}`);
  await expect(page.getByTestId("room-document")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("link", { name: "Quarterly board deck with a long title that has to wrap", exact: true }).tap();
  await pageRendered(page, 1);
  await expect(page.getByTestId("back-to-room")).toBeVisible();
  await context.close();
});

/** WCAG's contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = css
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((c) => {
        const s = Number(c) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test("'Download all (ZIP)' is visible and readable at 1366 and 390 px, with Pagewise's colour and with any accent", async ({
  browser,
  page,
}) => {
  const room = await newRoom(page.request, "Readable ZIP");
  await addDocument(page.request, room, "Teaser");
  for (const width of [1366, 390]) {
    const reader = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await reader.goto(`/s/${room.code}`);
    await passRoomGate(reader, `zip-${width}@example.com`);
    for (const accent of [null, "#fde68a", "#111827"]) {
      await db.team.update({ where: { id: account.teamId }, data: { accentColor: accent } });
      await reader.reload();
      const zip = reader.getByRole("link", { name: "Download all (ZIP)" });
      await expect(zip).toBeVisible();
      const [background, color] = await zip.evaluate((a) => [getComputedStyle(a).backgroundColor, getComputedStyle(a).color]);
      expect(background, `accent ${accent} at ${width} px`).not.toBe("rgba(0, 0, 0, 0)");
      expect(contrast(background!, color!), `accent ${accent} at ${width} px`).toBeGreaterThanOrEqual(4.5);
      expect(await axeViolations(reader)).toEqual([]);
    }
    await reader.context().close();
  }
  await db.team.update({ where: { id: account.teamId }, data: { accentColor: null } });
});
