import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../test/support/playwright/api-contract";
import { E2E_URL } from "../playwright.config";
import { newAccount } from "../test/support/playwright/accounts";
import { ROOT, startApp, waitForHealth } from "../test/support/app-process";
import { E2E_DATABASE_URL } from "../test/support/playwright/database";
import { waitForFreshMinute } from "../test/support/playwright/rate-limit-window";

test.describe.configure({ mode: "serial", timeout: 120_000 });

async function burst(urls: string[], key: string) {
  const responses = await Promise.all(
    urls.map((url) => fetch(`${url}/api/v1/documents?per_page=1`, { headers: { Authorization: `Bearer ${key}` } })),
  );
  return responses;
}

test("150 concurrent requests on one key: exactly 100 succeed, the rest get 429 with Retry-After", async () => {
  const account = await newAccount("burst");
  await waitForFreshMinute();
  const responses = await burst(Array(150).fill(E2E_URL), account.key);
  const ok = responses.filter((r) => r.status === 200);
  const limited = responses.filter((r) => r.status === 429);
  expect(ok).toHaveLength(100);
  expect(limited).toHaveLength(50);
  const refused = limited[0]!;
  expect(await refused.json()).toEqual({ error: { code: "rate_limited", message: expect.stringContaining("100 requests per minute") } });
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
  const remaining = ok.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((a, b) => a - b);
  expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => i));
});

test("the limit is exact across two app processes sharing the database", async () => {
  const port = 3172;
  const dataDir = path.join(ROOT, ".data/e2e-second");
  const second = startApp({ PORT: String(port), APP_URL: `http://localhost:${port}`, DATA_DIR: dataDir, DATABASE_URL: E2E_DATABASE_URL });
  try {
    await waitForHealth(`http://localhost:${port}`);
    const account = await newAccount("split");
    await waitForFreshMinute();
    const urls = Array.from({ length: 150 }, (_, i) => (i % 2 ? E2E_URL : `http://localhost:${port}`));
    const responses = await burst(urls, account.key);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(100);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(50);
  } finally {
    second.child.kill("SIGTERM");
    await second.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("requests without a valid key are limited per client address", async () => {
  await waitForFreshMinute();
  const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
  const responses = await Promise.all(
    Array.from({ length: 105 }, () => fetch(`${E2E_URL}/api/v1/documents`, { headers: { "X-Forwarded-For": ip } })),
  );
  expect(responses.filter((r) => r.status === 401)).toHaveLength(100);
  expect(responses.filter((r) => r.status === 429)).toHaveLength(5);
});
