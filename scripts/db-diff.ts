/**
 * `npm run db:diff -- <name>` writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL
 * that brings the migrations up to prisma/schema.prisma. `npm run db:check` (`--check`) fails when
 * they differ. Runs Prisma 6.19's WebAssembly engine against a real PostgreSQL: DATABASE_URL's
 * server when set, otherwise an embedded one under DATA_DIR/tooling.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { config } from "../lib/config";
import { MIGRATIONS_DIR } from "../lib/db/migrate";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres";

const root = path.resolve(import.meta.dirname, "..");
const check = process.argv.includes("--check");
const name = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!check && !name?.match(/^[a-z0-9_]+$/)) {
  console.error("Usage: npm run db:diff -- <name>   (lowercase letters, digits and _)");
  process.exit(2);
}

const cfg = config();
const tooling = path.join(cfg.DATA_DIR, "tooling");
mkdirSync(tooling, { recursive: true });

const embedded = cfg.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: tooling, port: cfg.EMBEDDED_PG_PORT + 1, database: "pagewise_tooling" });
const targetUrl = cfg.DATABASE_URL ?? embedded!.url;
const shadowDatabase = `pagewise_shadow_${process.pid}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// The engine reads the schema without generator blocks and with a datasource URL.
const schemaCopy = path.join(tooling, "schema.prisma");
const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8")
  .replace(/generator\s+\w+\s*\{[^}]*\}/g, "")
  .replace(/datasource\s+db\s*\{[^}]*\}/, 'datasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}');
writeFileSync(schemaCopy, schema);

let exitCode = 1;
try {
  await admin(`CREATE DATABASE "${shadowDatabase}"`);
  const cli = createRequire(import.meta.url).resolve("prisma6/build/index.js");
  const args = [
    cli,
    "migrate",
    "diff",
    "--config",
    path.join(root, "prisma/tooling/prisma6.config.mjs"),
    "--from-migrations",
    MIGRATIONS_DIR,
    "--to-schema-datamodel",
    schemaCopy,
    "--script",
    ...(check ? ["--exit-code"] : []),
  ];
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      DATABASE_URL: targetUrl,
      PRISMA6_TARGET_URL: targetUrl,
      PRISMA6_SHADOW_DATABASE: shadowDatabase,
      PRISMA6_SCHEMA: schemaCopy,
      PRISMA_QUERY_ENGINE_LIBRARY: "/bin/true",
      PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false",
      CHECKPOINT_DISABLE: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
    },
  });
  const sql = result.stdout.trim();
  if (check) {
    if (result.status === 0) {
      console.log("db:check: migrations match prisma/schema.prisma");
      exitCode = 0;
    } else if (result.status === 2) {
      console.error("db:check: prisma/schema.prisma differs from the migrations. Missing SQL:\n");
      console.error(sql);
      console.error("\nWrite it as a migration with: npm run db:diff -- <name>");
    } else {
      console.error(result.stderr || sql);
    }
  } else if (result.status !== 0) {
    console.error(result.stderr || sql);
  } else if (sql === "" || sql.includes("This is an empty migration")) {
    console.log("No changes: the migrations already match prisma/schema.prisma.");
    exitCode = 0;
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), `${sql}\n`);
    console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
    exitCode = 0;
  }
} finally {
  await admin(`DROP DATABASE IF EXISTS "${shadowDatabase}" WITH (FORCE)`).catch(() => undefined);
  rmSync(schemaCopy, { force: true });
  await embedded?.stop();
}
process.exit(exitCode);
