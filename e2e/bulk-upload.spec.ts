import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { signedIn } from "../test/support/playwright/sign-in";

/**
 * Many files at once (issue 43, item 2): a whole folder chosen in the browser keeps its structure in
 * a room, every file with its own status; several files chosen together all go in, into a room's
 * folder or onto the documents page with the form's access rules.
 */
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount("bulk-upload");
});

type RoomDetail = {
  folders: Array<{ id: string; name: string; parent_id: string | null }>;
  documents: Array<{ title: string; folder_id: string | null }>;
};

async function newRoom(request: APIRequestContext, name: string): Promise<string> {
  const answer = await request.post("/api/v1/rooms", { headers: owner.auth, data: { name } });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** Each document's folder path in the room (`Deal/Legal/NDA 3`), sorted. */
async function documentPaths(request: APIRequestContext, roomId: string): Promise<string[]> {
  const room = (await (await request.get(`/api/v1/rooms/${roomId}`, { headers: owner.auth })).json()) as RoomDetail;
  const byId = new Map(room.folders.map((folder) => [folder.id, folder]));
  const pathOf = (id: string | null): string[] => {
    const folder = id ? byId.get(id) : undefined;
    return folder ? [...pathOf(folder.parent_id), folder.name] : [];
  };
  return room.documents.map((doc) => [...pathOf(doc.folder_id), doc.title].join("/")).sort();
}

test("a chosen folder of 50 PDFs three levels deep is rebuilt in the room, each file added, a stray file left out", async ({ browser }) => {
  test.setTimeout(240_000);
  const root = mkdtempSync(path.join(tmpdir(), "pagewise-bulk-"));
  const expected: string[] = [];
  for (let i = 1; i <= 50; i++) {
    const folders = ["Deal", ["Legal", "Financials", "Product"][i % 3]!, ...(i % 2 ? [`Year ${2024 + (i % 2)}`] : [])];
    mkdirSync(path.join(root, ...folders), { recursive: true });
    writeFileSync(path.join(root, ...folders, `Doc ${String(i).padStart(2, "0")}.pdf`), await samplePdf(1, `Doc ${i}`));
    expected.push([...folders, `Doc ${String(i).padStart(2, "0")}`].join("/"));
  }
  writeFileSync(path.join(root, "Deal", "notes.txt"), "not a PDF");

  const page = await signedIn(browser, owner);
  const roomId = await newRoom(page.request, "Bulk room");
  await page.goto(`/rooms/${roomId}`);
  const upload = page.getByRole("form", { name: "Upload into the room" });
  await upload.locator("#upload-folder-files").setInputFiles(path.join(root, "Deal"));
  await expect(upload.getByText("50 files in 6 folders · 1 other file left out")).toBeVisible();
  await upload.getByRole("button", { name: "Upload and add" }).click();
  await expect(upload.getByRole("status")).toHaveText("50 of 50 added", { timeout: 200_000 });
  await expect(upload.getByRole("listitem", { name: "notes.txt" })).toContainText("Not a type this server takes: left out");
  expect(await documentPaths(page.request, roomId)).toEqual(expected.sort());
  // The page was redrawn with the new tree once the drop was done.
  await expect(page.getByRole("region", { name: "Folder Deal" })).toBeVisible();
});

test("three PDFs chosen together all go into the chosen folder", async ({ browser }) => {
  const page = await signedIn(browser, owner);
  const roomId = await newRoom(page.request, "Three files room");
  const folder = await page.request.post(`/api/v1/rooms/${roomId}/folders`, { headers: owner.auth, data: { name: "Legal" } });
  expect(folder.status()).toBe(201);
  await page.goto(`/rooms/${roomId}`);
  const upload = page.getByRole("form", { name: "Upload into the room" });
  await upload.locator("#upload-file").setInputFiles(
    await Promise.all(
      ["NDA", "Term sheet", "Side letter"].map(async (title) => ({
        name: `${title}.pdf`,
        mimeType: "application/pdf",
        buffer: await samplePdf(1, title),
      })),
    ),
  );
  await upload.getByLabel("Into folder").selectOption({ label: "Legal" });
  await upload.getByRole("button", { name: "Upload and add" }).click();
  await expect(upload.getByRole("status")).toHaveText("3 of 3 added", { timeout: 60_000 });
  await expect(upload.getByRole("button", { name: "Upload and add" })).toBeDisabled();
  expect(await documentPaths(page.request, roomId)).toEqual(["Legal/NDA", "Legal/Side letter", "Legal/Term sheet"]);
});

test("three PDFs chosen together on the documents page are each uploaded with the form's rules, titled by their file names", async ({
  browser,
}) => {
  // A team of its own: its documents page is empty, and its drop zone takes the files.
  const fresh = await newAccount("bulk-documents");
  const page = await signedIn(browser, fresh);
  await page.goto("/documents");
  const titles = ["Board deck", "Cap table", "Data pack"];
  await page
    .locator("#upload-file")
    .setInputFiles(
      await Promise.all(
        titles.map(async (title) => ({ name: `${title}.pdf`, mimeType: "application/pdf", buffer: await samplePdf(1, title) })),
      ),
    );
  const form = page.getByRole("form", { name: "Upload a document" });
  await expect(form.getByText("and 2 more files")).toBeVisible();
  await expect(form.getByLabel("Title")).toBeDisabled();
  await form.getByLabel("Allow download").uncheck();
  await form.getByRole("button", { name: "Upload 3 files" }).click();
  // All added, the page shows them in its list.
  for (const title of titles) await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible({ timeout: 60_000 });
  const answer = await page.request.get("/api/v1/documents?per_page=100", { headers: fresh.auth });
  const { documents } = (await answer.json()) as { documents: Array<{ short_code: string }> };
  const uploaded = await Promise.all(
    documents.map(
      async (doc) =>
        (await (await page.request.get(`/api/v1/documents/${doc.short_code}`, { headers: fresh.auth })).json()) as {
          title: string;
          settings: { allow_download: boolean };
        },
    ),
  );
  expect(uploaded.map((doc) => [doc.title, doc.settings.allow_download]).sort()).toEqual(titles.map((title) => [title, false]));
});
