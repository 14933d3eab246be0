/**
 * `npm run bench:webhooks`: the in-process runner of `npm start`'s server delivering to a real
 * receiver on loopback. Prints event-to-receiver latency (receipt time − event commit time) for
 * events arriving at a steady pace and for a burst of 1,000, and deliveries per second of the burst.
 */
import { eventDocument } from "../../lib/documents/serialize";
import { createUser } from "../../lib/users/create-user";
import { startReceiver } from "../../test/support/webhook-receiver";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { freshBenchDatabase } from "./fresh-database";
import { createSampleDocument } from "../lib/demo-data";
import { percentile } from "./measure";

const PORT = 3192;
const BASE = `http://localhost:${PORT}`;
const database = await freshBenchDatabase("bench-webhooks", 54393);
const { dataDir } = database;
process.env.ALLOW_PRIVATE_WEBHOOK_URLS = "true";
process.env.ALLOW_HTTP_WEBHOOKS = "true";
const { db } = await import("../../lib/db/client");
const { recordEvent } = await import("../../lib/events/record-event");
const { saveWebhook } = await import("../../lib/webhooks/manage-webhook");

const receiver = await startReceiver();
const owner = await createUser({ email: "bench-webhooks@example.com", password: "bench-password" });
const doc = await createSampleDocument(owner, "Webhook bench", 2, { email_gate: false });
await saveWebhook({ teamId: owner.personalTeamId, userId: owner.id }, { url: receiver.url, events: ["document.downloaded"] });

const app = startApp({
  PORT: String(PORT),
  APP_URL: BASE,
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  ALLOW_PRIVATE_WEBHOOK_URLS: "true",
  ALLOW_HTTP_WEBHOOKS: "true",
});

async function emit(): Promise<string> {
  const event = await db.$transaction((tx) =>
    recordEvent(tx, {
      teamId: owner.personalTeamId,
      documentId: doc.id,
      type: "document.downloaded",
      data: {
        document: eventDocument(doc),
        link: { code: doc.code, name: null },
        viewer: { email: null, company_domain: null, visit_number: 0 },
        download: { downloaded_at: new Date().toISOString() },
      },
    }),
  );
  return event.id;
}

async function waitForAll(ids: string[], timeoutMs = 300_000) {
  const wanted = new Set(ids);
  const started = Date.now();
  while (receiver.events().filter((e) => wanted.has(e.id)).length < wanted.size) {
    if (Date.now() - started > timeoutMs) throw new Error("deliveries did not all arrive in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

function latencies(ids: string[]): number[] {
  const wanted = new Set(ids);
  return receiver.received
    .map((r) => ({ r, e: JSON.parse(r.body) as { id: string; created_at: string } }))
    .filter(({ e }) => wanted.has(e.id))
    .map(({ r, e }) => r.at - new Date(e.created_at).getTime())
    .sort((a, b) => a - b);
}

try {
  await waitForHealth(BASE, 180_000);
  // Warm-up: the first delivery compiles the server's code paths.
  await waitForAll([await emit()]);

  const paced: string[] = [];
  for (let i = 0; i < 200; i++) {
    paced.push(await emit());
    await new Promise((r) => setTimeout(r, 50));
  }
  await waitForAll(paced);
  const pacedLatency = latencies(paced);

  const burstStarted = Date.now();
  const burst: string[] = [];
  for (let i = 0; i < 1000; i++) burst.push(await emit());
  const emitted = Date.now();
  await waitForAll(burst);
  const burstSeconds = (Date.now() - burstStarted) / 1000;
  const burstLatency = latencies(burst);

  const arrived = new Set(receiver.events().map((e) => e.id)).size;
  console.log(`\nIn-process runner, receiver on loopback (${arrived} of ${paced.length + burst.length + 1} events arrived):`);
  console.log(`  200 events at 20/s:  latency p50 ${percentile(pacedLatency, 50)} ms, p95 ${percentile(pacedLatency, 95)} ms`);
  console.log(`  1,000-event burst:   latency p50 ${percentile(burstLatency, 50)} ms, p95 ${percentile(burstLatency, 95)} ms`);
  console.log(
    `  1,000-event burst:   ${(1000 / burstSeconds).toFixed(0)} deliveries/s (written in ${((emitted - burstStarted) / 1000).toFixed(1)} s, all delivered ${burstSeconds.toFixed(1)} s after the first)`,
  );
} finally {
  app.child.kill("SIGTERM");
  await app.exited;
  await receiver.close();
  await db.$disconnect();
  await database.stop();
}
