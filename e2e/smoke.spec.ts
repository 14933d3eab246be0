import { expect, test } from "@playwright/test";

test("the home page says what Pagewise is", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Pagewise/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("See who read what");
  await page.screenshot({ path: test.info().outputPath("home.png"), fullPage: true });
});

test("/api/health reports the app and its database as ok", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
});
