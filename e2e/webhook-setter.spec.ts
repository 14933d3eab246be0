import { expect, test } from "@playwright/test";
import { newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { db } from "../test/support/playwright/database";
import { signedIn } from "../test/support/playwright/sign-in";
import { startReceiver } from "../test/support/webhook-receiver";

test("an admin points the webhook at their server and is removed: the owner reads on the Webhook page and in the audit log that it stopped, and why", async ({
  browser,
}) => {
  const [owner, admin] = await Promise.all([newAccount("hook-owner"), newAccount("hook-admin")]);
  await db.teamMember.create({ data: { teamId: owner.teamId, userId: admin.userId, role: "admin" } });
  const server = await startReceiver();
  try {
    const adminPage = await signedIn(browser, admin);
    await adminPage.getByLabel("Team", { exact: true }).selectOption(owner.teamId);
    await adminPage.getByRole("button", { name: "Switch" }).click();
    await adminPage.goto("/settings/webhook");
    await adminPage.getByLabel("Endpoint URL").fill(server.url);
    await adminPage.getByRole("button", { name: "Create webhook" }).click();
    await expect(adminPage.getByTestId("webhook-secret")).toBeVisible();

    const ownerPage = await signedIn(browser, owner);
    await ownerPage.goto("/settings/team");
    await ownerPage.getByRole("button", { name: `Remove ${admin.email}` }).click();
    const confirm = ownerPage.getByRole("alertdialog");
    await expect(confirm).toContainText("its webhook is disabled if they set its address");
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(ownerPage.getByTestId("team-members")).not.toContainText(admin.email);

    await ownerPage.goto("/settings/webhook");
    const why = ownerPage.getByRole("alert").filter({ hasText: "This webhook was disabled" });
    await expect(why).toContainText("because the member who last set its address left the team or is no longer an admin");
    expect(await axeViolations(ownerPage)).toEqual([]);

    await ownerPage.goto("/settings/audit-log");
    await expect(ownerPage.getByTestId("audit-entry").filter({ hasText: "disabled the webhook" })).toHaveText([
      new RegExp(`disabled the webhook ${new URL(server.url).host} set by ${admin.email}, no longer an admin`),
    ]);
    expect(server.received).toEqual([]);
  } finally {
    await server.close();
  }
});
