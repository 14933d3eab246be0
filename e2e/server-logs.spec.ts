import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ROOT, runScript, startApp, waitForHealth } from "../test/support/app-process";
import { upload } from "../test/support/playwright/upload";

// Its own app process, whose whole stdout the test reads: the shared e2e server's log is not ours to parse.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
const BASE = `http://localhost:${PORT}`;
const dataDir = path.join(ROOT, ".data/e2e-logs");
const METRICS_TOKEN = "metrics-token-never-logged-0123";

type Line = Record<string, unknown>;

test("the server's log is JSON lines with request ids, route templates and teams, and holds no secret or reader's email", async ({
  browser,
}) => {
  rmSync(dataDir, { recursive: true, force: true });
  const env = {
    PORT: String(PORT),
    APP_URL: BASE,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 54340) + 6),
    METRICS_TOKEN,
  };
  const app = startApp(env);
  try {
    await waitForHealth(BASE, 120_000);
    const ownerEmail = "log-owner@example.com";
    const ownerPassword = "the owner's own passphrase";
    const owner = await (await browser.newContext({ baseURL: BASE })).newPage();
    await owner.goto("/sign-up");
    await owner.getByLabel("Work email").fill(ownerEmail);
    await owner.getByLabel("Password").fill(ownerPassword);
    await owner.getByRole("button", { name: "Create account" }).click();
    await expect(owner).toHaveURL(/\/documents$/, { timeout: 30_000 });
    const sessionCookies = (await owner.context().cookies()).map((cookie) => cookie.value);

    const created = await runScript("scripts/apikey-create.ts", ["--email", ownerEmail, "--name", "logs"], env);
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim().split("\n").at(-1)!;
    const linkPassword = "share password 4711";
    const uploaded = await upload(
      owner.request,
      { userId: "", teamId: "", email: ownerEmail, password: ownerPassword, key, auth: { Authorization: `Bearer ${key}` } },
      { pages: 2, fields: { email_gate: "true", gate_type: "full", password: linkPassword } },
    );
    expect(uploaded.status()).toBe(201);
    // The share code is the short code without its `d_` prefix.
    const code = ((await uploaded.json()) as { short_code: string }).short_code.slice(2);

    const readerEmail = "reader.person@reading-firm.io";
    const reader = await (await browser.newContext({ baseURL: BASE })).newPage();
    await reader.goto(`/s/${code}`);
    await reader.getByLabel("Password").fill(linkPassword);
    await reader.getByRole("button", { name: /continue|open|view/i }).click();
    await reader.getByLabel("Email").fill(readerEmail);
    await reader.getByRole("button", { name: "Continue" }).click();
    await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 30_000 });
    const grantCookies = (await reader.context().cookies()).map((cookie) => cookie.value);
    expect((await fetch(`${BASE}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    expect((await fetch(`${BASE}/metrics`, { headers: { Authorization: "Bearer wrong-token-of-some-length" } })).status).toBe(401);

    // Stopped first, so every line it wrote has come through the pipe.
    app.child.kill("SIGTERM");
    await app.exited;
    const output = app.output();
    for (const secret of [ownerPassword, key, linkPassword, readerEmail, METRICS_TOKEN, ...sessionCookies, ...grantCookies]) {
      expect(output.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
    }
    const lines = output.split("\n").filter((line) => line.startsWith("{"));
    const parsed = lines.map((line) => JSON.parse(line) as Line);
    const requests = parsed.filter((line) => line.msg === "request");
    for (const line of requests) {
      expect(line).toMatchObject({ level: "info", requestId: expect.any(String), route: expect.any(String), status: expect.any(Number) });
      expect(line.durationMs).toEqual(expect.any(Number));
      expect(String(line.route)).not.toContain(code);
    }
    const apiUpload = requests.find((line) => line.route === "/api/v1/documents" && line.method === "POST");
    expect(apiUpload).toMatchObject({ status: 201, teamId: expect.any(String) });
    // The share doors (password, gate, pages) name the document's team; the page itself renders without a door.
    expect(requests.some((line) => String(line.route).startsWith("/s/[code]/") && line.teamId === apiUpload!.teamId)).toBe(true);
    expect(requests.some((line) => line.route === "/metrics" && line.status === 401)).toBe(true);
  } finally {
    app.child.kill("SIGTERM");
    await app.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
