import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { MIGRATIONS_DIR } from "../../lib/db/migrate";

/** A new empty database on the tests' server, for a migration test to build from scratch. */
export async function emptyDatabase(label: string): Promise<string> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `pagewise_test_${label}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrations before `migration` (and no SQL function files: the migrations made those of their time). */
export function migrationsBefore(migration: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "pagewise-migrations-before-"));
  for (const name of readdirSync(MIGRATIONS_DIR)) {
    if (name < migration) cpSync(path.join(MIGRATIONS_DIR, name), path.join(dir, name), { recursive: true });
  }
  return { migrations: dir, functions: mkdtempSync(path.join(tmpdir(), "pagewise-no-functions-")) };
}
