import path from "node:path";
import type { TestProject } from "vitest/node";
import { parseConfig } from "../lib/config";
import { ensureDatabase, startEmbeddedPostgres } from "../lib/db/embedded-postgres";
import { migrate } from "../lib/db/migrate";
import { TEMPLATE_DATABASE, adminUrlFor } from "./databases";

/**
 * One PostgreSQL for the whole run (DATABASE_URL's server when set, else an embedded one under
 * .data/test) and one migrated template database; each test file gets a fresh copy of it.
 */
export default async function setup(project: TestProject) {
  const cfg = parseConfig(process.env);
  const embedded = cfg.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: path.join(cfg.DATA_DIR, "test"),
        port: cfg.EMBEDDED_PG_PORT + 2,
        database: "postgres",
        // A test cluster is thrown away after the run: nothing in it needs to survive a power cut,
        // and every file's CREATE DATABASE and commits skip the disk flushes.
        settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
      });
  const adminUrl = cfg.DATABASE_URL ? adminUrlFor(cfg.DATABASE_URL) : embedded!.adminUrl;

  const admin = new (await import("pg")).default.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
  const stale = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'pagewise_test_%'`);
  for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.end();

  await ensureDatabase(adminUrl, TEMPLATE_DATABASE);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  await migrate(templateUrl.toString());

  project.provide("adminDatabaseUrl", adminUrl);
  return async () => {
    await embedded?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
