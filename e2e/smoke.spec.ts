import { expect, test } from "@playwright/test";

test("the home page sends a visitor who is not signed in to sign in (or sign up on a fresh install)", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-(in|up)$/);
  await expect(page).toHaveTitle(/Pagewise/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Sign in|Create your account/);
});

test("/api/health reports the app and its database as ok", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
});

test("the API reference renders from our own origin, without a CDN", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("http://localhost")) external.push(r.url());
  });
  await page.goto("/docs/api");
  await expect(page.getByText("Pagewise API").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Upload a PDF").first()).toBeVisible();
  expect(external).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("api-reference.png") });
});

test("every kind of response carries the security headers", async ({ request }) => {
  for (const path of [
    "/sign-in",
    "/api/health",
    "/api/v1/documents",
    "/api/v1/nothing",
    "/s/0000000000",
    "/s/0000000000/file",
    "/docs/api",
  ]) {
    const headers = (await request.get(path, { maxRedirects: 0 })).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
    expect(headers["content-security-policy"], path).toBe("frame-ancestors 'self'");
  }
});
