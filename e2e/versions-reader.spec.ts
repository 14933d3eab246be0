import { expect, type Page, test } from "@playwright/test";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";

let account: Account;
test.beforeAll(async () => {
  account = await newAccount("versions");
});

const pageRendered = (page: Page, n: number) =>
  expect(page.getByTestId(`pdf-page-${n}`)).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });

/** The reader's input: time only counts for a reader active in the last minute. */
const stirs = (page: Page) => page.mouse.move(200 + Math.random() * 100, 300 + Math.random() * 100);

/** A beacon of the given version that the server answered. */
const beaconOf = (page: Page, version: number) =>
  page.waitForResponse((r) => r.url().includes("/track") && r.status() === 200 && r.request().postDataJSON()?.version === version);

test("a reader mid-document is offered the new version, reads it under the same link, and is told of an update only when they last read an older version", async ({
  page,
}) => {
  const doc = await uploadOk(page.request, account, { pages: 3, fields: { email_gate: "false", title: "Versioned memo" } });
  const link = `/s/${doc.short_code.slice(2)}`;

  await page.goto(link);
  await pageRendered(page, 1);
  await expect(page.getByTestId("page-indicator")).toHaveText("1 / 3");
  // A first visit: nothing was updated since.
  await expect(page.getByTestId("updated-since-note")).toHaveCount(0);
  const firstBeacon = beaconOf(page, 1);
  await stirs(page);
  expect((await (await firstBeacon).json()).version).toBe(1);

  const uploaded = await page.request.post(`/api/v1/documents/${doc.short_code}/versions`, {
    headers: account.auth,
    multipart: { file: { name: "memo-v2.pdf", mimeType: "application/pdf", buffer: await samplePdf(5, "Versioned memo v2") } },
  });
  expect(uploaded.status()).toBe(201);

  // The open page's next beacon learns of version 2; the page offers a reload and keeps showing version 1 until then.
  const nextBeacon = beaconOf(page, 1);
  await stirs(page);
  await page.keyboard.press("End");
  expect((await (await nextBeacon).json()).version).toBe(2);
  const banner = page.getByTestId("new-version-banner");
  await expect(banner).toContainText("This document was updated. Reload to read the new version");
  await expect(page.getByTestId("page-indicator")).toContainText("/ 3");
  // The file of version 1 is refused from now on, naming the current version, so no page of version 2 is drawn as version 1's.
  const stale = await page.request.get(`${link}/file?v=full&version=1`);
  expect(stale.status()).toBe(410);
  expect(stale.headers()["x-pagewise-current-version"]).toBe("2");

  const reloaded = page.waitForEvent("load");
  await banner.getByRole("button", { name: "Reload" }).focus();
  await page.keyboard.press("Enter");
  await reloaded;
  expect(new URL(page.url()).pathname).toBe(link);
  await pageRendered(page, 1);
  await expect(page.getByTestId("page-indicator")).toHaveText("1 / 5");
  await expect(page.getByTestId("new-version-banner")).toHaveCount(0);

  // The reader's last visit read version 1: the new version's page says it was updated since.
  const note = page.getByTestId("updated-since-note");
  await expect(note).toContainText("Updated since your last visit");
  const readsNew = beaconOf(page, 2);
  await stirs(page);
  expect((await (await readsNew).json()).version).toBe(2);
  await note.getByRole("button", { name: "Dismiss" }).click();
  await expect(note).toHaveCount(0);
  await expect
    .poll(async () => (await db.visit.findMany({ where: { documentId: doc.id }, orderBy: { number: "asc" } })).map((v) => v.version))
    .toEqual([1, 2]);

  // Their last visit now read version 2, the current one: a later visit is told nothing.
  await page.reload();
  await pageRendered(page, 1);
  await expect(page.getByTestId("page-indicator")).toHaveText("1 / 5");
  await expect(page.getByTestId("updated-since-note")).toHaveCount(0);
});
