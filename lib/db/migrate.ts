import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/**
 * Applies prisma/migrations/<name>/migration.sql in name order and records each in Prisma's own
 * `_prisma_migrations` table, so Prisma tooling sees them as its own. Prisma 7's `migrate deploy`
 * needs a native engine that cannot be downloaded here (see docs/stack-notes.md).
 * Then brings the SQL functions up to prisma/functions/<name>.sql (applySqlFunctions).
 */

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");
export const FUNCTIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/functions");
const LOCK_ID = 72707369;

export type MigrationResult = { applied: string[]; alreadyApplied: number; functions: string[] };
export type MigrationSources = { migrations?: string; functions?: string };

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    readonly cause: unknown,
  ) {
    super(`Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "MigrationError";
  }
}

type Migration = { name: string; sql: string; checksum: string };

async function readMigrations(dir: string): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(path.join(dir, name, "migration.sql"));
      return { name, sql: bytes.toString("utf8"), checksum: createHash("sha256").update(bytes).digest("hex") };
    }),
  );
}

export async function migrate(databaseUrl: string, sources: MigrationSources = {}): Promise<MigrationResult> {
  const migrations = await readMigrations(sources.migrations ?? MIGRATIONS_DIR);
  const functions = await readSqlFunctions(sources.functions ?? FUNCTIONS_DIR);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{ migration_name: string; finished_at: Date | null }>(
      `SELECT migration_name, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const failed = rows.find((r) => r.finished_at === null);
    if (failed) {
      throw new MigrationError(
        failed.migration_name,
        "an earlier attempt failed; fix it, then mark it rolled back (UPDATE _prisma_migrations SET rolled_back_at = now())",
      );
    }
    const done = new Set(rows.map((r) => r.migration_name));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      const id = randomUUID();
      await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`, [
        id,
        migration.checksum,
        migration.name,
      ]);
      try {
        // One simple-protocol query: PostgreSQL runs a multi-statement string in one implicit transaction.
        await client.query(migration.sql);
      } catch (error) {
        await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [
          id,
          error instanceof Error ? error.message : String(error),
        ]);
        throw new MigrationError(migration.name, error);
      }
      await client.query(`UPDATE "_prisma_migrations" SET applied_steps_count = 1, finished_at = now() WHERE id = $1`, [id]);
      applied.push(migration.name);
    }
    const replaced = await applySqlFunctions(client, functions, applied.length > 0);
    return { applied, alreadyApplied: done.size, functions: replaced };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

type SqlFunction = { name: string; sql: string; checksum: string };

async function readSqlFunctions(dir: string): Promise<SqlFunction[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(".sql")).sort();
  return Promise.all(
    names.map(async (file) => {
      const bytes = await readFile(path.join(dir, file));
      return {
        name: file.slice(0, -".sql".length),
        sql: bytes.toString("utf8"),
        checksum: createHash("sha256").update(bytes).digest("hex"),
      };
    }),
  );
}

/**
 * Each SQL function's current definition lives in one file (CREATE OR REPLACE FUNCTION), not in
 * the migration that last changed it. A file is applied when its checksum differs from the one
 * recorded in `_sql_functions`, and every file is after a run that applied migrations (one may have
 * dropped a function to change its signature); all in one transaction, so a failing file changes
 * nothing. Returns the names applied.
 */
async function applySqlFunctions(client: pg.Client, functions: SqlFunction[], migrationsRan: boolean): Promise<string[]> {
  if (functions.length === 0) return [];
  await client.query(`CREATE TABLE IF NOT EXISTS "_sql_functions" (
    "name" TEXT PRIMARY KEY,
    "checksum" VARCHAR(64) NOT NULL,
    "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "_sql_functions"`);
  const recorded = new Map(rows.map((r) => [r.name, r.checksum]));
  const due = functions.filter((f) => migrationsRan || recorded.get(f.name) !== f.checksum);
  const gone = rows.filter((r) => !functions.some((f) => f.name === r.name)).map((r) => r.name);
  if (due.length === 0 && gone.length === 0) return [];
  let current = "";
  try {
    await client.query("BEGIN");
    for (const fn of due) {
      current = fn.name;
      await client.query(fn.sql);
      await client.query(
        `INSERT INTO "_sql_functions" (name, checksum, applied_at) VALUES ($1, $2, now())
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = EXCLUDED.applied_at`,
        [fn.name, fn.checksum],
      );
    }
    // A file removed (its function dropped by a migration) is forgotten, so one added back is applied.
    await client.query(`DELETE FROM "_sql_functions" WHERE name = ANY($1)`, [gone]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw new MigrationError(`prisma/functions/${current}.sql`, error);
  }
  return due.map((f) => f.name);
}
