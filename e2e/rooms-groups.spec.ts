import { execFileSync } from "node:child_process";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";
import { createApiKey } from "../lib/auth/api-keys";

/**
 * One room for several parties (issue 43): 3 groups, 12 folders and 40 documents, read in Chromium
 * through each group's link. Each reader sees exactly the group's set in the tree and in search,
 * a hidden document's address answers 404, the ZIP holds exactly what the group may download, and
 * a level changed by the owner cuts the reader off at their next request.
 */

let account: Account;
/** The same team's second key, for the uploads: the API counts 100 requests a minute per key. */
let uploader: Account;
test.beforeEach(async () => {
  account = await newAccount("rooms-groups");
  const { key } = await createApiKey({ teamId: account.teamId, userId: account.userId }, "uploads");
  uploader = { ...account, key, auth: { Authorization: `Bearer ${key}` } };
});

type Level = "none" | "view" | "download";

async function api<T>(request: APIRequestContext, method: "POST" | "PATCH", path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/api/v1${path}`, { method, headers: account.auth, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The entry names of a ZIP, read by Python's zipfile (an independent reader). */
function zipNames(body: Buffer): string[] {
  const script = "import sys, io, zipfile; print('\\n'.join(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).namelist()))";
  return execFileSync("python3", ["-c", script], { input: body }).toString("utf8").trim().split("\n").sort();
}

/** The titles of the documents the room's page lists (each row's link to read it; its Download link aside). */
const titles = async (page: Page) =>
  (await page.getByTestId("room-document").locator("a:not([href$='/download'])").allTextContents()).sort();

test("a room of 3 groups, 12 folders and 40 documents shows each group's reader exactly its set, at every door", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const room = await api<{ id: string; code: string }>(page.request, "POST", "/rooms", {
    name: "Project Falcon",
    settings: { email_gate: false, gate_type: "none" },
  });
  // A, B and C at the top, each with three subfolders: 12 folders.
  const folders: { id: string; path: string; top: string }[] = [];
  for (const top of ["A", "B", "C"]) {
    const parent = await api<{ id: string }>(page.request, "POST", `/rooms/${room.id}/folders`, { name: top });
    folders.push({ id: parent.id, path: top, top });
    for (const n of [1, 2, 3]) {
      const child = await api<{ id: string }>(page.request, "POST", `/rooms/${room.id}/folders`, {
        name: `${top}${n}`,
        parent_id: parent.id,
      });
      folders.push({ id: child.id, path: `${top}/${top}${n}`, top });
    }
  }
  const docs: { title: string; shortCode: string; folder: (typeof folders)[number] }[] = [];
  for (let batch = 0; batch < 40; batch += 5) {
    const made = await Promise.all(
      [0, 1, 2, 3, 4].map(async (offset) => {
        const i = batch + offset;
        const title = `Doc ${String(i + 1).padStart(2, "0")}`;
        const doc = await uploadOk(page.request, uploader, { pages: 1, fields: { title, email_gate: "false" } });
        return { title, shortCode: doc.short_code, folder: folders[i % folders.length]! };
      }),
    );
    for (const doc of made) {
      await api(page.request, "POST", `/rooms/${room.id}/documents`, { short_code: doc.shortCode, folder_id: doc.folder.id });
      docs.push(doc);
    }
  }
  const [a, b, c] = ["A", "B", "C"].map((top) => folders.find((folder) => folder.path === top)!);
  const inB = docs.filter((doc) => doc.folder.top === "B");
  const secret = inB[0]!;

  // Bidder A: A's folders to download. Bidder B: B's to view, but one document none.
  // Advisers: everything to view, C to download, except C2 (none).
  const plans: { name: string; body: unknown; level: (doc: (typeof docs)[number]) => Level }[] = [
    {
      name: "Bidder A",
      body: { default_access: "none", access: [{ folder_id: a!.id, level: "download" }] },
      level: (doc) => (doc.folder.top === "A" ? "download" : "none"),
    },
    {
      name: "Bidder B",
      body: {
        access: [
          { folder_id: b!.id, level: "view" },
          { short_code: secret.shortCode, level: "none" },
        ],
      },
      level: (doc) => (doc === secret ? "none" : doc.folder.top === "B" ? "view" : "none"),
    },
    {
      name: "Advisers",
      body: {
        default_access: "view",
        access: [
          { folder_id: c!.id, level: "download" },
          { folder_id: folders.find((folder) => folder.path === "C/C2")!.id, level: "none" },
        ],
      },
      level: (doc) => (doc.folder.path === "C/C2" ? "none" : doc.folder.top === "C" ? "download" : "view"),
    },
  ];
  const readers = [];
  for (const plan of plans) {
    const group = await api<{ id: string }>(page.request, "POST", `/rooms/${room.id}/groups`, {
      name: plan.name,
      ...(plan.body as object),
    });
    const link = await api<{ code: string }>(page.request, "POST", `/rooms/${room.id}/links`, { name: plan.name, group_id: group.id });
    readers.push({ ...plan, groupId: group.id, code: link.code });
  }

  for (const reader of readers) {
    const context = await browser.newContext();
    const readerPage = await context.newPage();
    const seen = docs.filter((doc) => reader.level(doc) !== "none");
    const hidden = docs.filter((doc) => reader.level(doc) === "none");
    const downloadable = docs.filter((doc) => reader.level(doc) === "download");

    await readerPage.goto(`/s/${reader.code}`);
    await expect(readerPage.getByTestId("room-document")).toHaveCount(seen.length);
    expect(await titles(readerPage), reader.name).toEqual(seen.map((doc) => doc.title).sort());
    await expect(readerPage.getByRole("link", { name: /^Download Doc/ })).toHaveCount(downloadable.length);
    // Search looks only through what the group sees.
    const search = readerPage.getByRole("searchbox", { name: "Search documents" });
    // Typed again until the page is hydrated: text typed before that is not the search's yet.
    await expect(async () => {
      // Cleared first: filling in the value already there sends no input event.
      await search.fill("");
      await search.fill(seen[0]!.title);
      await expect(readerPage.getByTestId("room-document")).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await search.fill(hidden[0]!.title);
    await expect(readerPage.getByTestId("room-document")).toHaveCount(0);

    for (const doc of hidden.slice(0, 3)) {
      const code = doc.shortCode.slice(2);
      expect((await readerPage.request.get(`/s/${reader.code}/${code}`)).status(), `${reader.name} ${doc.title}`).toBe(404);
      expect((await readerPage.request.get(`/s/${reader.code}/${code}/pages/1`)).status()).toBe(404);
      expect((await readerPage.request.get(`/s/${reader.code}/${code}/download`)).status()).toBe(404);
    }
    const opened = await readerPage.request.get(`/s/${reader.code}/${seen[0]!.shortCode.slice(2)}`);
    expect(opened.status()).toBe(200);

    const zip = await readerPage.request.get(`/s/${reader.code}/zip`);
    if (downloadable.length === 0) {
      expect(zip.status()).toBe(404);
      await expect(readerPage.getByRole("link", { name: "Download all (ZIP)" })).toHaveCount(0);
    } else {
      expect(zip.status()).toBe(200);
      expect(zipNames(await zip.body()), reader.name).toEqual(downloadable.map((doc) => `${doc.folder.path}/${doc.title}.pdf`).sort());
    }
    await context.close();
  }

  // The owner hides one of Bidder A's documents: the reader, already in, is cut off at their next request.
  const bidderA = readers[0]!;
  const context = await browser.newContext();
  const readerPage = await context.newPage();
  const taken = docs.find((doc) => bidderA.level(doc) === "download")!;
  const takenUrl = `/s/${bidderA.code}/${taken.shortCode.slice(2)}`;
  expect((await readerPage.goto(takenUrl))?.status()).toBe(200);
  await api(page.request, "PATCH", `/rooms/${room.id}/groups/${bidderA.groupId}`, {
    access: [{ short_code: taken.shortCode, level: "none" }],
  });
  expect((await readerPage.request.get(`${takenUrl}/pages/1`)).status()).toBe(404);
  await readerPage.goto(`/s/${bidderA.code}`);
  expect(await titles(readerPage)).not.toContain(taken.title);
  await context.close();
});

test("the owner sets what a group sees in the room's permissions grid, gives a link to the group, and its reader gets exactly that", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const room = await api<{ id: string; code: string }>(page.request, "POST", "/rooms", {
    name: "Project Kestrel",
    settings: { email_gate: false, gate_type: "none" },
  });
  const legal = await api<{ id: string }>(page.request, "POST", `/rooms/${room.id}/folders`, { name: "Legal" });
  const docs = [];
  for (const [title, folderId] of [
    ["Teaser", null],
    ["NDA", legal.id],
  ] as const) {
    const doc = await uploadOk(page.request, uploader, { pages: 1, fields: { title, email_gate: "false" } });
    await api(page.request, "POST", `/rooms/${room.id}/documents`, { short_code: doc.short_code, folder_id: folderId });
    docs.push(doc);
  }
  const link = await api<{ code: string; url: string }>(page.request, "POST", `/rooms/${room.id}/links`, { name: "Jane at Fund A" });

  const owner = await signedIn(browser, account);
  await owner.goto(`/rooms/${room.id}`);
  const groups = owner.getByRole("form", { name: "New group" });
  await groups.getByLabel("Group").fill("Bidder A");
  await groups.getByLabel("Sees what is added at the top level").selectOption("view");
  await groups.getByRole("button", { name: "Add group" }).click();
  await expect(owner.getByRole("listitem", { name: "Bidder A" })).toBeVisible();
  // The NDA inherits Legal's level; hiding Legal hides it.
  await expect(owner.getByLabel("Bidder A: NDA")).toHaveValue("");
  await owner.getByLabel("Bidder A: Legal").selectOption("none");
  await expect(owner.getByLabel("Bidder A: NDA").locator("option:checked")).toHaveText("Inherit (Hidden)");
  await owner.getByLabel("Group of Jane at Fund A").selectOption({ label: "Bidder A" });
  await expect(owner.getByRole("listitem", { name: "Bidder A" }).getByRole("link", { name: "View as this group" })).toHaveAttribute(
    "href",
    link.url,
  );
  expect(await axeViolations(owner)).toEqual([]);

  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`/s/${link.code}`);
  expect(await titles(reader)).toEqual(["Teaser"]);
  expect((await reader.request.get(`/s/${link.code}/${docs[1]!.short_code.slice(2)}`)).status()).toBe(404);
  // A view-only group: no downloads, no ZIP.
  await expect(reader.getByRole("link", { name: "Download all (ZIP)" })).toHaveCount(0);
  await expect(reader.getByRole("link", { name: "Download Teaser" })).toHaveCount(0);
});
