/**
 * `npm run bench:search`: 10,000 documents of 20 pages of text (200,000 rows of page_texts) in one
 * team, written in bulk, then p50/p95 of GET /api/v1/search over real HTTP against `npm start`'s
 * server with its own embedded database: a word on a few pages, one on many, a phrase, and a word
 * no page has. Target: p95 ≤ 150 ms.
 */
import { createApiKey } from "../../lib/auth/api-keys";
import { createUser } from "../../lib/users/create-user";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { createSampleDocument } from "../lib/demo-data";
import { withBenchApp } from "./bench-app";
import { freshBenchDatabase } from "./fresh-database";
import { type Measurement, measure, printTable } from "./measure";

const DOCUMENTS = 10_000;
const PAGES = 20;
const WORDS_PER_PAGE = 150;
const TARGET_P95_MS = 150;
// Beside this worktree's own ports, so a bench never meets another checkout's server or database.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const PG_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54390) + 7;
const BASE = `http://localhost:${PORT}`;

const database = await freshBenchDatabase("bench-search", PG_PORT);
const { db } = await import("../../lib/db/client");

let t = performance.now();
const lap = (label: string) => {
  console.log(`${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
};

const owner = await createUser({ email: "bench-search@example.com", password: "bench-password" });
// One real upload; the bulk documents share its stored file (search reads only page_texts).
const template = await createSampleDocument(owner, "Bench template", PAGES);
await db.$executeRaw`
  INSERT INTO documents (id, team_id, code, title, original_filename, page_count, size_bytes, storage_key, page_images, created_at, updated_at)
  SELECT gen_random_uuid(), ${owner.personalTeamId}::uuid, substr(md5(random()::text || g::text), 1, 10),
         'Bench document ' || g, 'bench-' || g || '.pdf', ${PAGES}, ${template.sizeBytes}, ${template.storageKey}, ${PAGES},
         now() - make_interval(mins => g), now()
  FROM generate_series(1, ${DOCUMENTS - 1}) g`;
await db.$executeRaw`
  INSERT INTO document_versions (document_id, number, storage_key, original_filename, page_count, size_bytes)
  SELECT id, 1, storage_key, original_filename, page_count, size_bytes FROM documents
  WHERE team_id = ${owner.personalTeamId}::uuid AND id <> ${template.id}::uuid`;
lap("documents");
// A vocabulary of 5,000 words drawn with a skew (most pages share the common ones, as prose does);
// "zircon<n>" appears on one page in 2,000, "quarterly" on about one in 10.
await db.$executeRaw`
  INSERT INTO page_texts (document_id, version, page, text)
  SELECT d.id, 1, p,
    (SELECT string_agg('w' || floor(5000 * power(random(), 3))::int, ' ') FROM generate_series(1, ${WORDS_PER_PAGE}) WHERE p > 0)
    || CASE WHEN random() < 0.1 THEN ' quarterly revenue' ELSE '' END
    || CASE WHEN random() < 0.0005 THEN ' zircon' || (random() * 3)::int ELSE '' END
  FROM documents d, generate_series(1, ${PAGES}) p
  WHERE d.team_id = ${owner.personalTeamId}::uuid
  ON CONFLICT (document_id, version, page) DO UPDATE SET text = EXCLUDED.text`;
await db.$executeRawUnsafe("VACUUM ANALYZE");
lap(`${(DOCUMENTS * PAGES).toLocaleString("en")} pages of text`);

// Enough keys that the per-key limit never limits the measurement.
const keys = await Promise.all(
  Array.from({ length: 40 }, () => createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "bench").then((k) => k.key)),
);
let next = 0;
const get = (pathAndQuery: string) => () =>
  fetch(`${BASE}${pathAndQuery}`, { headers: { Authorization: `Bearer ${keys[next++ % keys.length]}` } });

const app = startApp({ PORT: String(PORT), APP_URL: BASE, DATA_DIR: database.dataDir, DATABASE_URL: database.url });
await withBenchApp(app, database, async () => {
  await waitForHealth(BASE, 600_000);
  const queries = ["zircon1", "quarterly", '"quarterly revenue"', "w4999", "nothingmatches"];
  const results: Measurement[] = [];
  for (const q of queries) results.push(await measure(`GET /search?q=${q}`, get(`/api/v1/search?q=${encodeURIComponent(q)}`)));
  results.push(await measure("GET /search?q=quarterly&page=50", get(`/api/v1/search?q=quarterly&page=50`)));
  printTable(results, Object.fromEntries(results.map((r) => [r.name, TARGET_P95_MS])));
});
