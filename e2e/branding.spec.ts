import { type Page, expect, test } from "@playwright/test";
import { solidImage, SVG_WITH_SCRIPT } from "../test/support/hostile-images";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { ownClientAddress } from "../test/support/playwright/client-address";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * Team branding (issue 27, item 8): the owner sets a logo, a pale accent and hides the Pagewise mark
 * on the Team page; a reader of the team's links sees them on the gate and the viewer (the button's
 * text turned black to stay readable); another team's link keeps Pagewise's own look.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const ACCENT = "#fde68a";
let brandOwner: Account;
let other: Account;
const codes = { gated: "", open: "", otherTeam: "" };
let ownerPage: Page;

test.beforeAll(async ({ playwright, baseURL }) => {
  [brandOwner, other] = await Promise.all([newAccount("brand-owner"), newAccount("brand-other")]);
  const request = await playwright.request.newContext({ baseURL });
  const gated = { email_gate: "true", gate_type: "full" };
  codes.gated = (await uploadOk(request, brandOwner, { pages: 2, fields: { title: "Branded gate", ...gated } })).short_code.slice(2);
  codes.open = (await uploadOk(request, brandOwner, { pages: 2, fields: { title: "Branded deck", email_gate: "false" } })).short_code.slice(
    2,
  );
  codes.otherTeam = (await uploadOk(request, other, { pages: 2, fields: { title: "Plain gate", ...gated } })).short_code.slice(2);
});

test("the owner refuses an SVG, uploads a logo, picks a pale accent and hides the mark, with a live preview", async ({ browser }) => {
  ownerPage = await signedIn(browser, brandOwner);
  await ownerPage.goto("/settings/team");
  const card = ownerPage.getByTestId("branding-card");
  const file = card.locator('input[type="file"]');

  await file.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: SVG_WITH_SCRIPT });
  await expect(card.getByRole("alert")).toContainText("SVG logos are not accepted");

  await file.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await solidImage("png", 400, 100) });
  await expect(card.getByTestId("branding-logo-preview")).toBeVisible();
  await expect(card.getByRole("alert")).toHaveCount(0);

  const hex = card.getByLabel("Accent colour", { exact: true });
  await hex.fill("#12345");
  await card.getByRole("button", { name: "Save branding" }).click();
  await expect(card.getByText("Enter the colour as # and six hex digits")).toBeVisible();

  await hex.fill(ACCENT.toUpperCase());
  const previewButton = card.getByTestId("branding-preview-button");
  await expect(previewButton).toHaveCSS("background-color", "rgb(253, 230, 138)");
  await expect(previewButton).toHaveCSS("color", "rgb(0, 0, 0)");
  await card.getByLabel("Hide the Pagewise mark").check();
  await card.getByRole("button", { name: "Save branding" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
});

test("a reader of the team's link sees the logo and the accent on the gate, readable, and no Pagewise mark", async ({ browser }) => {
  const reader = await browser.newPage();
  await ownClientAddress(reader);
  await reader.goto(`/s/${codes.gated}`);
  const gate = reader.getByTestId("email-gate");
  await expect(gate).toBeVisible();
  const logo = reader.getByTestId("team-logo");
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
  const button = gate.getByRole("button", { name: "Continue" });
  await expect(button).toHaveCSS("background-color", "rgb(253, 230, 138)");
  await expect(button).toHaveCSS("color", "rgb(0, 0, 0)");
  await expect(reader.getByTestId("pagewise-mark")).toHaveCount(0);
  expect(await axeViolations(reader)).toEqual([]);

  const src = (await logo.getAttribute("src"))!;
  const served = await reader.request.get(src);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await reader.request.get(src.replace(/v=[0-9a-f]+/, "v=../../etc/passwd"))).status()).toBe(404);
  await reader.close();
});

test("the viewer's toolbar shows the logo and the accent on its buttons", async ({ browser }) => {
  const reader = await browser.newPage();
  await ownClientAddress(reader);
  await reader.goto(`/s/${codes.open}`);
  await expect(reader.getByTestId("page-indicator")).toBeVisible();
  await expect(reader.locator("header").getByTestId("team-logo")).toBeVisible();
  await expect(reader.getByTestId("pagewise-mark")).toHaveCount(0);
  await expect(reader.locator("[data-accent]")).toHaveAttribute("data-accent", ACCENT);
  await reader.close();
});

test("another team's link keeps Pagewise's look: no logo, the blue button, the mark", async ({ browser }) => {
  const reader = await browser.newPage();
  await ownClientAddress(reader);
  await reader.goto(`/s/${codes.otherTeam}`);
  const gate = reader.getByTestId("email-gate");
  await expect(gate).toBeVisible();
  await expect(reader.getByTestId("team-logo")).toHaveCount(0);
  await expect(gate.getByRole("button", { name: "Continue" })).toHaveCSS("background-color", "rgb(36, 83, 224)");
  await expect(reader.getByTestId("pagewise-mark")).toBeVisible();
  await reader.close();
});
