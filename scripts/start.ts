/**
 * `npm start`: builds when the build is missing or stale, starts the embedded PostgreSQL when no
 * DATABASE_URL is set, applies migrations, and serves the app on PORT. One Node process: Ctrl-C or
 * SIGTERM closes the server and stops Postgres; a Postgres left by a killed run is recovered.
 * `npm run dev` does the same with the Next.js dev server.
 */
// First: it may restart the process with glibc's malloc bounded, before anything else is loaded.
import "./lib/bound-malloc-arenas";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { BrotliStatic, precompressStatic } from "../lib/http/brotli-static";
import { canonicalApiUrl, unroutableRequest } from "../lib/http/unroutable-request";
import { observedRequests } from "../lib/http/observed-requests";
import { logger } from "../lib/log/logger";
import { clearStaleScratch } from "../lib/storage/clear-scratch";
import { CONTENT_LENGTH_HEADER } from "../lib/request/server-headers";
import { ConfigError, config } from "../lib/config";
import { migrate } from "../lib/db/migrate";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres";
import { newestSourceChange } from "./lib/build-state";
import { collectWhenQuiet } from "./lib/collect-when-quiet";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");

let cfg;
try {
  cfg = config();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const serverLog = logger("server");
const log = (message: string) => serverLog.info(message);

process.env.NEXT_TELEMETRY_DISABLED = "1";
if (!dev) {
  const buildId = path.join(root, ".next/BUILD_ID");
  if (!existsSync(buildId) || statSync(buildId).mtimeMs < newestSourceChange(root)) {
    log("Building the app (first start or sources changed)…");
    const build = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
    await precompressStatic(path.join(root, ".next/static"));
  }
}

const started = Date.now();
const embedded = cfg.embeddedDatabase
  ? await startEmbeddedPostgres({ dataDir: cfg.DATA_DIR, port: cfg.EMBEDDED_PG_PORT, database: "pagewise", log })
  : undefined;
const databaseUrl = cfg.DATABASE_URL ?? embedded!.url;
if (embedded)
  log(`Embedded PostgreSQL 17 ready on 127.0.0.1:${cfg.EMBEDDED_PG_PORT} (data in ${path.relative(root, cfg.DATA_DIR) || "."}/postgres)`);

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  log("Stopping…");
  // Finish requests in flight (up to 10 s), without waiting for idle keep-alive connections.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  await closed;
  clearTimeout(force);
  await embedded?.stop();
  process.exit(code);
}

try {
  const { applied, functions } = await migrate(databaseUrl);
  if (applied.length) log(`Applied migrations: ${applied.join(", ")}`);
  if (functions.length) log(`Applied SQL functions: ${functions.join(", ")}`);
} catch (error) {
  serverLog.fatal({ err: error }, "migrations failed");
  await embedded?.stop();
  process.exit(1);
}

// Everything the server code reads goes through lib/config.ts, which reads these.
process.env.DATABASE_URL = databaseUrl;
process.env.AUTH_SECRET = cfg.AUTH_SECRET;
process.env.AUTH_TRUST_HOST = "true";
// next-auth builds callback and redirect URLs from this, not from the listening address.
process.env.AUTH_URL = cfg.APP_URL;

const cleared = await clearStaleScratch(cfg.DATA_DIR);
if (cleared) log(`Removed ${cleared} temporary file(s) left by a previous run`);

const { default: next } = await import("next");
const app = next({ dev, dir: root, hostname: "0.0.0.0", port: cfg.PORT });
await app.prepare();
const handle = app.getRequestHandler();
const brotli = dev ? null : new BrotliStatic(path.join(root, ".next/static"));
/** The app's route templates, which request lines and metrics name instead of paths (none in dev: every route unmatched). */
function routeTemplates(): string[] {
  const manifest = path.join(root, ".next/app-path-routes-manifest.json");
  return existsSync(manifest) ? Object.values(JSON.parse(readFileSync(manifest, "utf8")) as Record<string, string>) : [];
}

const server = createServer(
  observedRequests(routeTemplates(), (req, res) => {
    // An empty Next-Action names no action; it would still take Next's action path (and its 500s), and proxy.ts's matcher skips it.
    const early = unroutableRequest(req.method, req.url, Boolean(req.headers["next-action"]));
    if (early) {
      res.writeHead(early.status, early.headers).end(early.body);
      return;
    }
    if (brotli?.serve(req, res)) return;
    req.url = canonicalApiUrl(req.url ?? "/");
    for (const method of ["setHeader", "appendHeader"] as const) {
      const original = res[method].bind(res) as (name: string, value: number | string | readonly string[]) => typeof res;
      res[method] = ((name: string, value: number | string | readonly string[]) =>
        original(name.toLowerCase() === CONTENT_LENGTH_HEADER ? "Content-Length" : name, value)) as (typeof res)[typeof method];
    }
    void handle(req, res);
  }),
);
server.keepAliveTimeout = 65_000;
// Without it the heap a burst of page renders grew stays at its peak (scripts/lib/collect-when-quiet.ts).
collectWhenQuiet(server);
server.on("error", async (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") serverLog.fatal(`Port ${cfg.PORT} is in use; set PORT to another port.`);
  else serverLog.fatal({ err: error }, "server failed");
  await shutdown(1);
});
server.listen(cfg.PORT, () => {
  log(`Ready on ${cfg.APP_URL} (port ${cfg.PORT}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutdown(0));
