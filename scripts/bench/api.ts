/**
 * `npm run bench:api`: 10,000 documents and 1,000,000 page-time rows in one account, written in
 * bulk and then made consistent by recomputeAggregates() (the reference the ingest is tested
 * against); then p50/p95 of the API's list, stats, viewers and overview requests, next to a
 * one-row read, over real HTTP against `npm start`'s server with its own embedded database.
 */
import { recomputeAggregates } from "../../lib/analytics/recompute-aggregates";
import { createApiKey } from "../../lib/auth/api-keys";
import { createUser } from "../../lib/users/create-user";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { freshBenchDatabase } from "./fresh-database";
import { createSampleDocument } from "../lib/demo-data";
import { type Measurement, measure, printTable } from "./measure";

const DOCUMENTS = 10_000;
const VIEWERS_PER_DOCUMENT = 5;
const VISITS_PER_VIEWER = 2;
const PAGES = 10; // 10,000 × 5 × 2 × 10 = 1,000,000 page-time rows
const PORT = 3190;
const BASE = `http://localhost:${PORT}`;
const database = await freshBenchDatabase("bench-api", 54391);
const { dataDir } = database;
const { db } = await import("../../lib/db/client");

let t = performance.now();
const lap = (label: string) => {
  console.log(`${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
};

const owner = await createUser({ email: "bench@example.com", password: "bench-password" });
// One real upload through the domain function; the bulk rows share its stored file.
const template = await createSampleDocument(owner, "Bench template", PAGES);
await db.$executeRaw`
  INSERT INTO documents (id, team_id, code, title, original_filename, page_count, size_bytes, storage_key, gate_page, created_at, updated_at)
  SELECT gen_random_uuid(), ${owner.personalTeamId}::uuid, substr(md5(random()::text || g::text), 1, 10),
         'Bench document ' || g, 'bench-' || g || '.pdf', ${PAGES}, ${template.sizeBytes}, ${template.storageKey}, 3,
         now() - make_interval(mins => g), now()
  FROM generate_series(1, ${DOCUMENTS - 1}) g`;
await db.$executeRaw`
  INSERT INTO viewers (id, public_id, document_id, browser_id, email, company_domain, created_at)
  SELECT gen_random_uuid(), 'anon_' || substr(md5(random()::text), 1, 16), d.id, md5(random()::text),
         CASE WHEN v % 2 = 0 THEN 'reader' || v || '@company' || (v % 3) || '.com' END,
         CASE WHEN v % 2 = 0 THEN 'company' || (v % 3) || '.com' END, now()
  FROM documents d, generate_series(1, ${VIEWERS_PER_DOCUMENT}) v WHERE d.team_id = ${owner.personalTeamId}::uuid`;
// random() in a select list runs per row (in an uncorrelated LATERAL subquery it would run once).
await db.$executeRaw`
  INSERT INTO visits (id, document_id, viewer_id, number, started_at, last_activity_at, page_count)
  SELECT gen_random_uuid(), x.document_id, x.viewer_id, x.n, x.started, x.started + interval '5 minutes', x.page_count
  FROM (SELECT w.document_id, w.id AS viewer_id, n, now() - make_interval(secs => (random() * 42 * 86400)::int) AS started, d.page_count
        FROM viewers w JOIN documents d ON d.id = w.document_id, generate_series(1, ${VISITS_PER_VIEWER}) n) x`;
lap("documents, viewers and visits");
await db.$executeRaw`
  INSERT INTO page_times (visit_id, page, document_id, visit_started_at, seconds, viewed)
  SELECT x.visit_id, x.p, x.document_id, x.started_at, x.seconds, x.seconds >= 1
  FROM (SELECT v.id AS visit_id, p, v.document_id, v.started_at, round((random() * 30)::numeric, 1)::float8 AS seconds
        FROM visits v, generate_series(1, ${PAGES}) p) x`;
await db.$executeRaw`
  INSERT INTO leads (document_id, viewer_id, email, name, company_domain, captured_at)
  SELECT document_id, id, email, '', company_domain, created_at FROM viewers WHERE email IS NOT NULL`;
await db.$executeRaw`
  INSERT INTO downloads (document_id, viewer_id, created_at)
  SELECT document_id, id, now() - interval '1 day' FROM viewers WHERE random() < 0.1`;
await db.$executeRawUnsafe("ANALYZE");
lap("1,000,000 page-time rows, leads, downloads");
const ids = (await db.document.findMany({ where: { teamId: owner.personalTeamId }, select: { id: true } })).map((d) => d.id);
for (let i = 0; i < ids.length; i += 1000) await recomputeAggregates(ids.slice(i, i + 1000));
await db.$executeRawUnsafe("VACUUM ANALYZE");
lap("aggregates recomputed");
const [{ rows, distinctStarts, recentVisits }] = (await db.$queryRaw<Array<{ rows: number; distinctStarts: number; recentVisits: number }>>`
  SELECT (SELECT count(*)::int FROM page_times) AS rows,
         (SELECT count(DISTINCT started_at)::int FROM visits) AS "distinctStarts",
         (SELECT count(*)::int FROM visits WHERE started_at >= now() - interval '14 days') AS "recentVisits"`) as [
  { rows: number; distinctStarts: number; recentVisits: number },
];
console.log(
  `page_times rows: ${rows.toLocaleString("en")}; documents: ${ids.length.toLocaleString("en")}; ` +
    `visits spread over ${distinctStarts.toLocaleString("en")} distinct start times, ${recentVisits.toLocaleString("en")} in the last 14 days`,
);

// Enough keys that 100 requests per key per minute never limits the measurement.
const keys = await Promise.all(
  Array.from({ length: 40 }, () => createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "bench").then((k) => k.key)),
);
let next = 0;
const get = (pathAndQuery: string) => () =>
  fetch(`${BASE}${pathAndQuery}`, { headers: { Authorization: `Bearer ${keys[next++ % keys.length]}` } });

const app = startApp({ PORT: String(PORT), APP_URL: BASE, DATA_DIR: dataDir, DATABASE_URL: database.url });
try {
  await waitForHealth(BASE, 180_000);
  const busiest = await db.document.findFirstOrThrow({
    where: { teamId: owner.personalTeamId, views: { gt: 0 } },
    orderBy: { views: "desc" },
  });
  const code = `s-${busiest.code}`;
  const since = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
  const results: Measurement[] = [];
  for (const sort of ["created_at", "views", "engagement", "title"]) {
    results.push(await measure(`GET /documents?per_page=100&sort=${sort}`, get(`/api/v1/documents?per_page=100&sort=${sort}`)));
  }
  results.push(await measure("GET /documents?per_page=100&search=document 99", get(`/api/v1/documents?per_page=100&search=document%2099`)));
  results.push(await measure("GET /documents/{short_code} (one-row read)", get(`/api/v1/documents/${code}`)));
  results.push(await measure("GET /documents/{short_code}/stats", get(`/api/v1/documents/${code}/stats`)));
  results.push(await measure("GET /documents/{short_code}/stats?since (windowed)", get(`/api/v1/documents/${code}/stats?since=${since}`)));
  results.push(await measure("GET /documents/{short_code}/viewers", get(`/api/v1/documents/${code}/viewers`)));
  results.push(await measure("GET /analytics/overview", get(`/api/v1/analytics/overview`), { runs: 40 }));
  results.push(
    await measure("GET /analytics/overview?since (windowed)", get(`/api/v1/analytics/overview?since=${since}`), { warmup: 3, runs: 20 }),
  );
  const targets: Record<string, number> = {};
  for (const r of results) {
    if (r.name.startsWith("GET /documents?") || r.name.endsWith("/viewers")) targets[r.name] = 50;
    if (r.name.includes("stats")) targets[r.name] = 150;
  }
  printTable(results, targets);
} finally {
  app.child.kill("SIGTERM");
  await app.exited;
  await db.$disconnect();
  await database.stop();
}
