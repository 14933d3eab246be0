import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { startReceiver } from "../test/support/webhook-receiver";
import { freshDatabase, query as queryDatabase } from "../test/support/playwright/own-database";
import { ROOT, runScript, startApp, waitForHealth } from "../test/support/app-process";
import { E2E_PG_PORT } from "../playwright.config";

test.describe.configure({ timeout: 180_000 });

const PORT = 3174;
const BASE = `http://localhost:${PORT}`;
const DATABASE_URL = `postgresql://pagewise:pagewise@127.0.0.1:${E2E_PG_PORT}/pagewise_restart`;

const query = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => queryDatabase<T>(DATABASE_URL, sql, params);

test("a delivery interrupted by a killed app completes after restart, with the same event id", async () => {
  await freshDatabase("pagewise_restart");
  const dataDir = path.join(ROOT, ".data/e2e-restart");
  rmSync(dataDir, { recursive: true, force: true });
  const env = {
    PORT: String(PORT),
    APP_URL: BASE,
    DATA_DIR: dataDir,
    DATABASE_URL,
    ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    ALLOW_HTTP_WEBHOOKS: "true",
  };
  const receiver = await startReceiver(() => ({ status: 500 }));
  let app = startApp(env);
  try {
    await waitForHealth(BASE);
    expect((await runScript("scripts/user-create.ts", ["--email", "restart@example.com", "--password", "long enough"], env)).code).toBe(0);
    const key = (await runScript("scripts/apikey-create.ts", ["--email", "restart@example.com"], env)).stdout.trim().split("\n").at(-1)!;
    const auth = { Authorization: `Bearer ${key}` };
    expect(
      (
        await fetch(`${BASE}/api/v1/webhooks`, {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({ url: receiver.url, events: ["document.uploaded"] }),
        })
      ).status,
    ).toBe(201);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await samplePdf(2))], { type: "application/pdf" }), "restart.pdf");
    expect((await fetch(`${BASE}/api/v1/documents`, { method: "POST", headers: auth, body: form })).status).toBe(201);

    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await query<{ attempts: number }>("SELECT attempts FROM webhook_deliveries"))[0]?.attempts).toBe(1);

    app.child.kill("SIGKILL");
    await app.exited;
    receiver.respondWith(() => ({ status: 200 }));
    // The minute until the second attempt passes while the app is down.
    await query("UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second'");

    app = startApp(env);
    await waitForHealth(BASE);
    await expect
      .poll(async () => (await query<{ status: string }>("SELECT status FROM webhook_deliveries"))[0]?.status, { timeout: 15_000 })
      .toBe("succeeded");
    const [first, second] = receiver.events();
    expect(receiver.received).toHaveLength(2);
    expect(second!.id).toBe(first!.id);
    expect(receiver.received[0]!.headers["x-service-signature"]).not.toBe(receiver.received[1]!.headers["x-service-signature"]);
    const [delivery] = await query<{ attempts: number; response_status: number }>(
      "SELECT attempts, response_status FROM webhook_deliveries",
    );
    expect(delivery).toEqual({ attempts: 2, response_status: 200 });
  } finally {
    app.child.kill("SIGTERM");
    await app.exited;
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
