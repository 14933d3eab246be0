import { readFileSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { createApiKey } from "../lib/auth/api-keys";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { E2E_STORAGE_DIR, db, filesUnder } from "../test/support/playwright/database";
import { signedIn } from "../test/support/playwright/sign-in";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";

/**
 * Who may delete, and the Trash: a member deletes only what they uploaded (the dashboard shows no
 * Delete button on a teammate's document; the API and a forged server action refuse it); an admin
 * restores from the Trash page with the links and analytics intact, and deletes forever after
 * confirming.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

let owner: Account;
/** A member of the owner's team, with a key of that team. */
let member: Account;
let ownerDoc: DocumentBody;
let memberDoc: DocumentBody;
let linkCode = "";
let ownerPage: Page;
let memberPage: Page;

function actionId(name: string): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, action]) => action.exportedName === name);
  if (!found) throw new Error(`no server action named ${name} in the build`);
  return found[0];
}

test.beforeAll(async ({ playwright, baseURL }) => {
  owner = await newAccount("trash-owner");
  const colleague = await newAccount("trash-member");
  await db.teamMember.create({ data: { teamId: owner.teamId, userId: colleague.userId, role: "member" } });
  const { key } = await createApiKey({ teamId: owner.teamId, userId: colleague.userId }, "team key");
  member = { ...colleague, teamId: owner.teamId, key, auth: { Authorization: `Bearer ${key}` } };
  const request = await playwright.request.newContext({ baseURL });
  ownerDoc = await uploadOk(request, owner, { pages: 2, fields: { title: `Board deck ${Date.now()}`, email_gate: "false" } });
  memberDoc = await uploadOk(request, member, { pages: 2, fields: { title: `Member notes ${Date.now()}`, email_gate: "false" } });
  const link = await request.post(`/api/v1/documents/${ownerDoc.short_code}/links`, { headers: owner.auth, data: { name: "For Acme" } });
  linkCode = ((await link.json()) as { code: string }).code;
});

test("a member sees Delete only on what they uploaded; the API and a forged action refuse a teammate's document, changing nothing", async ({
  browser,
  request,
  baseURL,
}) => {
  memberPage = await signedIn(browser, member);
  await memberPage.goto(`/documents/${ownerDoc.short_code.slice(2)}`);
  await expect(memberPage.getByRole("heading", { name: ownerDoc.title })).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Delete document" })).toHaveCount(0);
  await memberPage.goto(`/documents/${memberDoc.short_code.slice(2)}`);
  await expect(memberPage.getByRole("button", { name: "Delete document" })).toBeVisible();

  const refused = await request.delete(`/api/v1/documents/${ownerDoc.short_code}`, { headers: member.auth });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");

  const forged = await memberPage.request.post("/documents", {
    headers: { "Next-Action": actionId("deleteDocumentAction"), Origin: baseURL!, "Content-Type": "text/plain;charset=UTF-8" },
    data: JSON.stringify([ownerDoc.short_code.slice(2)]),
    maxRedirects: 0,
  });
  expect(forged.status()).toBeLessThan(500);
  expect(await forged.text()).toContain("NEXT_HTTP_ERROR_FALLBACK;404");
  expect(await db.document.findUniqueOrThrow({ where: { id: ownerDoc.id } })).toMatchObject({ deletedAt: null, isActive: true });
  expect((await request.get(`/s/${linkCode}`)).status()).toBe(200);

  await expect(memberPage.getByRole("link", { name: "Trash" })).toHaveCount(0);
  await memberPage.goto("/trash");
  await expect(memberPage.getByRole("heading", { level: 1 })).toHaveText(
    "Only admins can restore or delete for good what this team deleted.",
  );
});

test("the member deletes their own document: one confirmation, readers get 410 at once", async ({ request }) => {
  await memberPage.goto(`/documents/${memberDoc.short_code.slice(2)}`);
  await memberPage.getByRole("button", { name: "Delete document" }).click();
  const dialog = memberPage.getByRole("alertdialog", { name: `Delete “${memberDoc.title}”?` });
  await expect(dialog).toContainText("an admin can restore it from the Trash");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(memberPage.getByRole("status").filter({ hasText: `“${memberDoc.title}” was moved to the Trash.` })).toBeVisible();
  expect((await request.get(`/s/${memberDoc.short_code.slice(2)}`)).status()).toBe(410);
});

test("the owner deletes through the API (204, then 404 and 410), and restores from the Trash with the link and views intact", async ({
  browser,
  request,
}) => {
  await db.document.update({ where: { id: ownerDoc.id }, data: { views: 7 } });
  expect((await request.delete(`/api/v1/documents/${ownerDoc.short_code}`, { headers: owner.auth })).status()).toBe(204);
  expect((await request.get(`/api/v1/documents/${ownerDoc.short_code}`, { headers: owner.auth })).status()).toBe(404);
  expect((await request.get(`/s/${linkCode}`)).status()).toBe(410);

  ownerPage = await signedIn(browser, owner);
  await ownerPage.getByRole("link", { name: "Trash" }).click();
  await expect(ownerPage).toHaveURL(/\/trash$/);
  const rows = ownerPage.getByTestId("trash-item");
  await expect(rows).toHaveCount(2);
  const ownerRow = rows.filter({ hasText: ownerDoc.title });
  await expect(ownerRow).toContainText("1 link · 7 views");
  await expect(ownerRow).toContainText("30 more days");
  await expect(rows.filter({ hasText: memberDoc.title })).toContainText(member.email);
  expect(await axeViolations(ownerPage)).toEqual([]);

  await ownerPage.getByRole("button", { name: `Restore “${ownerDoc.title}”` }).click();
  await expect(ownerPage.getByRole("status")).toContainText(`“${ownerDoc.title}” was restored, with its links, versions and analytics.`);
  await expect(ownerPage.getByRole("status").getByText(/was restored/)).toBeFocused();
  await expect(rows).toHaveCount(1);
  expect((await request.get(`/s/${linkCode}`)).status()).toBe(200);
  const back = await request.get(`/api/v1/documents/${ownerDoc.short_code}`, { headers: owner.auth });
  expect(back.status()).toBe(200);
  expect(((await back.json()) as DocumentBody).is_active).toBe(true);
  await ownerPage.goto("/documents");
  await expect(ownerPage.getByRole("link", { name: ownerDoc.title })).toBeVisible();
});

test("the owner deletes the member's document forever, after confirming: its row and files go at once", async () => {
  await ownerPage.goto("/trash");
  const forever = ownerPage.getByRole("button", { name: `Delete forever “${memberDoc.title}”` });
  await forever.click();
  const dialog = ownerPage.getByRole("alertdialog", { name: `Delete “${memberDoc.title}” forever?` });
  await expect(dialog).toContainText("This cannot be undone.");
  await ownerPage.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(forever).toBeFocused();
  expect(await db.document.count({ where: { id: memberDoc.id } })).toBe(1);

  await forever.click();
  await dialog.getByRole("button", { name: "Delete forever" }).click();
  await expect(ownerPage.getByRole("status")).toContainText(`“${memberDoc.title}” was deleted for good.`);
  await expect(ownerPage.getByText("The Trash is empty.")).toBeVisible();
  expect(await db.document.count({ where: { id: memberDoc.id } })).toBe(0);
  expect(filesUnder(path.join(E2E_STORAGE_DIR, "documents", memberDoc.id))).toEqual([]);
  expect(await db.auditEntry.count({ where: { teamId: owner.teamId, action: "document.purged", actorUserId: owner.userId } })).toBe(1);
});
