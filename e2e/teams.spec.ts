import { readFileSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { db } from "../test/support/playwright/database";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * A team of two: the owner invites a colleague who already has an account; the colleague joins,
 * sees the team's documents through the switcher, cannot reach the admin actions (not in the
 * page, and refused when called directly), and reading the team's link is not recorded.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

let owner: Account;
let colleague: Account;
let code = "";
let title = "";
let ownerPage: Page;
let colleaguePage: Page;
let invitationUrl = "";

function actionId(name: string): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, action]) => action.exportedName === name);
  if (!found) throw new Error(`no server action named ${name} in the build`);
  return found[0];
}

test.beforeAll(async ({ playwright, baseURL }) => {
  [owner, colleague] = await Promise.all([newAccount("team-owner"), newAccount("colleague")]);
  const request = await playwright.request.newContext({ baseURL });
  title = `Board deck ${Date.now()}`;
  code = (await uploadOk(request, owner, { pages: 2, fields: { title, email_gate: "false" } })).short_code.slice(2);
});

test("the owner invites an existing user as a member from the Team page; the link is shown once", async ({ browser }) => {
  ownerPage = await signedIn(browser, owner);
  await ownerPage.getByRole("link", { name: "Team" }).click();
  await expect(ownerPage.getByTestId("team-owner-settings")).toBeVisible();
  await ownerPage.getByLabel("Email (optional)").fill(colleague.email);
  await ownerPage.getByLabel("Role").selectOption("member");
  await ownerPage.getByRole("button", { name: "Create invitation" }).click();
  invitationUrl = (await ownerPage.getByTestId("new-invitation-link").textContent())!;
  expect(invitationUrl).toContain("/sign-up?invite=");
});

test("the colleague, signed in, accepts and sees the team's documents; the switcher moves between teams", async ({ browser }) => {
  colleaguePage = await signedIn(browser, colleague);
  await expect(colleaguePage.getByText(title)).toHaveCount(0);
  await colleaguePage.goto(new URL(invitationUrl).pathname + new URL(invitationUrl).search);
  await colleaguePage.getByRole("button", { name: /^Join / }).click();
  await expect(colleaguePage).toHaveURL(/\/documents$/);
  await expect(colleaguePage.getByRole("link", { name: title })).toBeVisible();
  expect(await db.user.count({ where: { email: colleague.email } })).toBe(1);

  const switcher = colleaguePage.getByLabel("Team", { exact: true });
  await switcher.selectOption(colleague.teamId);
  await colleaguePage.getByRole("button", { name: "Switch" }).click();
  await expect(colleaguePage.getByRole("link", { name: title })).toHaveCount(0);
  await colleaguePage.getByLabel("Team", { exact: true }).selectOption(owner.teamId);
  await colleaguePage.getByRole("button", { name: "Switch" }).click();
  await expect(colleaguePage.getByRole("link", { name: title })).toBeVisible();
});

test("the member sees no admin actions, and a forged call of one is refused and changes nothing", async ({ baseURL }) => {
  await expect(colleaguePage.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await colleaguePage.goto("/settings/team");
  await expect(colleaguePage.getByTestId("team-members")).toBeVisible();
  await expect(colleaguePage.getByTestId("team-owner-settings")).toHaveCount(0);
  await expect(colleaguePage.getByRole("button", { name: "Create invitation" })).toHaveCount(0);
  await expect(colleaguePage.getByRole("combobox", { name: /^Role of / })).toHaveCount(0);
  // Opened by its address, the page says who may use it instead of answering as a missing page, and shows no key.
  await colleaguePage.goto("/settings/api-keys");
  await expect(colleaguePage.getByRole("heading", { level: 1 })).toHaveText("Only admins can manage this team's API keys.");
  await expect(colleaguePage.getByText(/You are a member of this team\. Ask .+ \(owner\)/)).toBeVisible();
  await expect(colleaguePage.getByRole("button", { name: /revoke/i })).toHaveCount(0);
  expect(await axeViolations(colleaguePage)).toEqual([]);

  const ownerKey = await db.apiKey.findFirstOrThrow({ where: { teamId: owner.teamId, revokedAt: null } });
  const forge = (action: string, args: string) =>
    colleaguePage.request.post("/settings/team", {
      headers: { "Next-Action": actionId(action), Origin: baseURL!, "Content-Type": "text/plain;charset=UTF-8" },
      data: args,
      maxRedirects: 0,
    });
  for (const [action, args] of [
    ["revokeApiKeyAction", JSON.stringify([ownerKey.id])],
    ["deleteTeamAction", JSON.stringify([owner.teamId])],
    ["removeMemberAction", JSON.stringify([owner.userId])],
  ] as const) {
    const answer = await forge(action, args);
    // A refused button action answers Next's not-found, as for a document of another team.
    expect(answer.status(), action).toBeLessThan(500);
    expect(await answer.text(), action).toContain("NEXT_HTTP_ERROR_FALLBACK;404");
  }
  expect(await db.apiKey.findUniqueOrThrow({ where: { id: ownerKey.id } })).toMatchObject({ revokedAt: null });
  expect(await db.team.count({ where: { id: owner.teamId } })).toBe(1);
  expect(await db.teamMember.count({ where: { teamId: owner.teamId } })).toBe(2);
});

test("the member opening the team's link is previewing: nothing is recorded", async () => {
  await colleaguePage.goto(`/s/${code}`);
  await expect(colleaguePage.getByTestId("owner-preview-note")).toBeVisible();
  await expect(colleaguePage.getByTestId("page-indicator")).toBeVisible();
  const doc = await db.document.findUniqueOrThrow({ where: { code } });
  expect(await db.viewer.count({ where: { documentId: doc.id } })).toBe(0);
  expect(doc.views).toBe(0);
});

test("the member opts in to every team document's digests on the Notifications page, for this team only, on a phone", async () => {
  await colleaguePage.setViewportSize({ width: 390, height: 844 });
  await colleaguePage.goto("/settings/notifications");
  const form = colleaguePage.getByRole("form", { name: "Email preferences" });
  await expect(form).toContainText((await db.team.findUniqueOrThrow({ where: { id: owner.teamId } })).name);
  await expect(form.getByLabel("Only documents I uploaded")).toBeChecked();
  await expect(form).toContainText("The owner and the admins are told when the team's webhook is disabled.");
  await form.getByLabel("All team documents").check();
  await form.getByLabel("Completed reads").uncheck();
  await form.getByRole("button", { name: "Save preferences" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  expect(await colleaguePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await colleaguePage.reload();
  await expect(colleaguePage.getByLabel("All team documents")).toBeChecked();
  await expect(colleaguePage.getByLabel("Completed reads")).not.toBeChecked();
  const membership = (teamId: string) =>
    db.teamMember.findUniqueOrThrow({ where: { teamId_userId: { teamId, userId: colleague.userId } } });
  expect(await membership(owner.teamId)).toMatchObject({ digestScope: "all", notifyCompletedReads: false });
  expect(await membership(colleague.teamId)).toMatchObject({ digestScope: "all", notifyCompletedReads: true });
});

test("an admin reads in the audit log what the colleague did; the member cannot open it", async () => {
  await colleaguePage.setViewportSize({ width: 1280, height: 800 });
  await colleaguePage.goto("/settings/notifications");
  await colleaguePage.getByLabel("New leads").uncheck();
  await colleaguePage.getByRole("button", { name: "Save preferences" }).click();
  await expect(colleaguePage.getByText("Saved.")).toBeVisible();

  await expect(colleaguePage.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await colleaguePage.goto("/settings/audit-log");
  await expect(colleaguePage.getByRole("heading", { level: 1 })).toHaveText("Only admins can read this team's audit log.");
  await expect(colleaguePage.getByTestId("audit-entry")).toHaveCount(0);

  await ownerPage.getByRole("link", { name: "Audit log" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const entries = ownerPage.getByTestId("audit-entry");
  await expect(entries.first()).toContainText(`${colleague.email} changed their notification preferences: new leads on → off`);
  await expect(entries.filter({ hasText: `${colleague.email} joined the team as member` })).toHaveCount(1);
  await expect(entries.filter({ hasText: `invited ${colleague.email} as member` })).toHaveCount(1);

  // The filters live in the URL: only the colleague's member changes.
  await ownerPage.getByLabel("Change").selectOption("member");
  await ownerPage.getByLabel("Member").selectOption(colleague.userId);
  await ownerPage.getByRole("button", { name: "Apply" }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`action=member&actor=${colleague.userId}`));
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("joined the team as member");

  await ownerPage.getByLabel("From").fill("2999-01-01");
  await ownerPage.getByRole("button", { name: "Apply" }).click();
  await expect(ownerPage.getByText("No changes match these filters.")).toBeVisible();
});
