import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/**
 * Applies prisma/migrations/<name>/migration.sql in name order and records each in Prisma's own
 * `_prisma_migrations` table, so Prisma tooling sees them as its own. Prisma 7's `migrate deploy`
 * needs a native engine that cannot be downloaded here (see docs/stack-notes.md).
 */

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");
const LOCK_ID = 72707369;

export type MigrationResult = { applied: string[]; alreadyApplied: number };

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

export async function migrate(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const migrations = await readMigrations(dir);
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
    return { applied, alreadyApplied: done.size };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
