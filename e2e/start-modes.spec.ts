import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { type AppProcess, ROOT, runScript, startApp as startAppProcess, waitForHealth } from "../test/support/app-process";
import { startSystemPostgres } from "../test/support/system-postgres";

// These tests start their own app processes (on other ports and data directories than the shared
// e2e server) to prove how `npm start` behaves in each database mode.
test.describe.configure({ mode: "serial", timeout: 180_000 });

/** Every app a test starts, so a failing test never leaves one running (holding its port and database) after it. */
const started: AppProcess[] = [];
const startApp = (env: Record<string, string>) => {
  const app = startAppProcess(env);
  started.push(app);
  return app;
};
test.afterEach(async () => {
  for (const app of started.splice(0)) {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      // SIGTERM stops the embedded database with the app; SIGKILL only if it does not stop.
      app.child.kill("SIGTERM");
      const stopped = await Promise.race([app.exited.then(() => true), new Promise((done) => setTimeout(() => done(false), 20_000))]);
      if (!stopped) app.child.kill("SIGKILL");
      await app.exited;
    }
  }
});

const PORT = 3170;
const BASE = `http://localhost:${PORT}`;

test.describe("embedded mode (no DATABASE_URL)", () => {
  const dataDir = path.join(ROOT, ".data/e2e-embedded");
  const env = { PORT: String(PORT), APP_URL: BASE, DATA_DIR: dataDir, EMBEDDED_PG_PORT: "54360" };
  test.beforeAll(() => rmSync(dataDir, { recursive: true, force: true }));
  test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test("starts Postgres, serves, stops both on SIGTERM, keeps data on restart, survives kill -9", async ({ browser }) => {
    const first = startApp(env);
    const firstStart = await waitForHealth(BASE);
    expect(first.output()).toContain("Embedded PostgreSQL 17 ready");
    expect(existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
    // A fresh install has no account: the first visit lands on sign-up.
    const home = await fetch(`${BASE}/`, { redirect: "manual" });
    expect(home.status).toBe(307);
    expect(home.headers.get("location")).toMatch(/\/sign-up$/);
    // The first account of the instance needs no second step: signing up lands on the documents, signed in.
    const founder = await (await browser.newContext({ baseURL: BASE })).newPage();
    await founder.goto("/sign-up");
    await founder.getByLabel("Work email").fill("founder@example.com");
    await founder.getByLabel("Password").fill("the founder's password");
    await founder.getByRole("button", { name: "Create account" }).click();
    // Signing up hashes the password (argon2): on a loaded machine that alone can take seconds.
    await expect(founder).toHaveURL(/\/documents$/, { timeout: 30_000 });
    await expect(founder.getByText("founder@example.com").first()).toBeVisible();
    await founder.context().close();

    // Scripts reach the running app's database.
    const created = await runScript("scripts/user-create.ts", ["--email", "mode@example.com", "--password", "long enough"], env);
    expect(created.code, created.stderr).toBe(0);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

    // With the app stopped, the key command starts the embedded database itself.
    const key = await runScript("scripts/apikey-create.ts", ["--email", "mode@example.com", "--name", "CI"], env);
    expect(key.code, key.stderr).toBe(0);
    expect(key.stdout.trim().split("\n").at(-1)).toMatch(/^pw_live_[0-9A-Za-z]{32}$/);

    const second = startApp(env);
    const restart = await waitForHealth(BASE);
    test.info().annotations.push({ type: "timing", description: `first start ${firstStart} ms, restart ${restart} ms` });
    expect(restart).toBeLessThan(15_000);
    second.child.kill("SIGKILL");
    await second.exited;
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(true);

    const third = startApp(env);
    await waitForHealth(BASE);
    expect(third.output()).toContain("left running by an earlier run");
    const duplicate = await runScript("scripts/user-create.ts", ["--email", "mode@example.com", "--password", "long enough"], env);
    expect(duplicate.stderr).toContain("already exists");
    third.child.kill("SIGINT");
    expect(await third.exited).toBe(0);
  });

  test("refuses a bad setting at start-up and names the variable", async () => {
    const app = startApp({ ...env, MAX_UPLOAD_MB: "lots" });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain("MAX_UPLOAD_MB");
  });
});

test.describe("DATABASE_URL mode", () => {
  test("uses the given PostgreSQL server, migrates it, and reports 503 while it is down", async () => {
    const server = startSystemPostgres(54380);
    const dataDir = path.join(ROOT, ".data/e2e-external");
    rmSync(dataDir, { recursive: true, force: true });
    try {
      const app = startApp({ PORT: String(PORT), APP_URL: BASE, DATA_DIR: dataDir, DATABASE_URL: server.url });
      await waitForHealth(BASE);
      expect(app.output()).not.toContain("Embedded PostgreSQL");
      expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);

      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL`);
      expect(rows[0].n).toBeGreaterThan(0);
      await client.end();

      server.stop();
      const down = await fetch(`${BASE}/api/health`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "error", database: "unreachable" });

      server.start();
      await waitForHealth(BASE, 20_000);

      app.child.kill("SIGTERM");
      expect(await app.exited).toBe(0);
    } finally {
      server.remove();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
