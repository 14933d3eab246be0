import { cpSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cloneTemplateDatabase } from "../../test/databases";
import { FUNCTIONS_DIR, MIGRATIONS_DIR, MigrationError, migrate } from "./migrate";

/** Each case runs on an empty database (template0-like) rather than the migrated template. */
async function emptyDatabase() {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `pagewise_test_migrate_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pagewise-migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

describe("migrate", () => {
  let url: string;
  beforeAll(async () => {
    url = await emptyDatabase();
  });

  it("applies every migration to a fresh database and records it in _prisma_migrations", async () => {
    const result = await migrate(url);
    expect(result.applied.length).toBeGreaterThan(0);
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      url,
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(result.applied);
    for (const row of rows) {
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
    const tables = await query<{ tablename: string }>(url, `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.map((t) => t.tablename)).toEqual(expect.arrayContaining(["documents", "viewers", "events", "webhook_deliveries"]));
  });

  it("applies nothing when every migration is already applied", async () => {
    const result = await migrate(url, { migrations: MIGRATIONS_DIR });
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied).toBeGreaterThan(0);
  });

  it("rolls a failing migration back, reports it, and refuses to continue until it is resolved", async () => {
    const fresh = await emptyDatabase();
    const dir = migrationsDir({
      "001_good": `CREATE TABLE good (id int);`,
      "002_bad": `CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;`,
    });
    const error = await migrate(fresh, { migrations: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migration).toBe("002_bad");
    expect((error as Error).message).toContain("no_such_table");

    const tables = await query<{ tablename: string }>(fresh, `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.map((t) => t.tablename).sort()).toEqual(["_prisma_migrations", "good"]);
    const [bad] = await query<{ finished_at: Date | null; logs: string }>(
      fresh,
      `SELECT finished_at, logs FROM _prisma_migrations WHERE migration_name = '002_bad'`,
    );
    expect(bad?.finished_at).toBeNull();
    expect(bad?.logs).toContain("no_such_table");

    await expect(migrate(fresh, { migrations: dir })).rejects.toThrow(/002_bad.*earlier attempt failed/);
  });

  it("is safe when two processes migrate at once (advisory lock)", async () => {
    const fresh = await emptyDatabase();
    const [a, b] = await Promise.all([migrate(fresh), migrate(fresh)]);
    // One process applied everything; the other waited for the lock and found nothing left to do.
    expect([a.applied.length, b.applied.length].sort()).toEqual([0, Math.max(a.applied.length, b.applied.length)]);
    const rows = await query<{ n: number }>(fresh, `SELECT count(*)::int AS n FROM _prisma_migrations`);
    expect(rows[0]?.n).toBe(a.applied.length + b.applied.length);
  });
});

const FUNCTION_NAMES = readdirSync(FUNCTIONS_DIR)
  .filter((f) => f.endsWith(".sql"))
  .map((f) => f.slice(0, -".sql".length))
  .sort();

/** Each of our functions' full definition as PostgreSQL prints it, and its body as stored. */
async function functionDefinitions(url: string) {
  const rows = await query<{ name: string; definition: string; body: string }>(
    url,
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition, p.prosrc AS body
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public'
       -- An extension's functions (unaccent's) are the extension's, not files of ours.
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY p.proname`,
  );
  return rows;
}

const bodyOf = (sql: string) => sql.slice(sql.indexOf("$$") + 2, sql.lastIndexOf("$$"));

async function recordedFunctions(url: string) {
  return query<{ name: string; checksum: string; applied_at: Date }>(
    url,
    `SELECT name, checksum, applied_at FROM _sql_functions ORDER BY name`,
  );
}

function functionsDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pagewise-functions-"));
  cpSync(FUNCTIONS_DIR, dir, { recursive: true });
  return dir;
}

describe("SQL functions (prisma/functions)", () => {
  it("a database migrated from scratch holds every function exactly as its file states, as the migrations alone left it", async () => {
    const fresh = await emptyDatabase();
    const noFunctions = mkdtempSync(path.join(tmpdir(), "pagewise-no-functions-"));
    await migrate(fresh, { functions: noFunctions });
    const fromMigrations = await functionDefinitions(fresh);

    const result = await migrate(fresh);
    expect(result.applied).toEqual([]);
    expect(result.functions).toEqual(FUNCTION_NAMES);
    const fromFiles = await functionDefinitions(fresh);
    // The files state what the migrations built, so applying them to an existing database changes nothing.
    expect(fromFiles).toEqual(fromMigrations);
    expect(fromFiles.map((f) => f.name)).toEqual(FUNCTION_NAMES);
    for (const fn of fromFiles) expect(fn.body).toBe(bodyOf(readFileSync(path.join(FUNCTIONS_DIR, `${fn.name}.sql`), "utf8")));
  });

  it("applying again with no file changed recreates nothing", async () => {
    const fresh = await emptyDatabase();
    expect((await migrate(fresh)).functions).toEqual(FUNCTION_NAMES);
    const before = await recordedFunctions(fresh);
    const again = await migrate(fresh);
    expect(again.applied).toEqual([]);
    expect(again.functions).toEqual([]);
    expect(await recordedFunctions(fresh)).toEqual(before);
  });

  it("a changed file is applied again, alone, and recorded with its new checksum", async () => {
    const fresh = await emptyDatabase();
    const dir = functionsDir();
    await migrate(fresh, { functions: dir });
    const before = await recordedFunctions(fresh);
    const file = path.join(dir, "iso_time.sql");
    writeFileSync(file, readFileSync(file, "utf8").replace("SELECT to_char", "SELECT /* v2 */ to_char"));

    expect((await migrate(fresh, { functions: dir })).functions).toEqual(["iso_time"]);
    const isoTime = (await functionDefinitions(fresh)).find((f) => f.name === "iso_time");
    expect(isoTime?.body).toContain("/* v2 */");
    const after = await recordedFunctions(fresh);
    expect(after.filter((r, i) => r.checksum !== before[i]?.checksum).map((r) => r.name)).toEqual(["iso_time"]);
    expect(await query(fresh, `SELECT iso_time('2026-01-02T03:04:05.678Z') AS at`)).toEqual([{ at: "2026-01-02T03:04:05.678Z" }]);
  });

  it("changed files apply in one transaction: when one fails, none of them changes", async () => {
    const fresh = await emptyDatabase();
    const dir = functionsDir();
    await migrate(fresh, { functions: dir });
    const before = await recordedFunctions(fresh);
    const isoTime = path.join(dir, "iso_time.sql");
    writeFileSync(isoTime, readFileSync(isoTime, "utf8").replace("SELECT to_char", "SELECT /* v2 */ to_char"));
    writeFileSync(
      path.join(dir, "visits_invariants.sql"),
      "CREATE OR REPLACE FUNCTION visits_invariants() RETURNS trigger LANGUAGE sql AS $$ nonsense $$;",
    );

    const error = await migrate(fresh, { functions: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migration).toBe("prisma/functions/visits_invariants.sql");
    expect((await functionDefinitions(fresh)).find((f) => f.name === "iso_time")?.body).not.toContain("/* v2 */");
    expect(await recordedFunctions(fresh)).toEqual(before);
  });
});

describe("the test harness", () => {
  const databases: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of databases) await drop();
  });

  it("gives each test file a migrated copy of the template", async () => {
    const copy = await cloneTemplateDatabase(inject("adminDatabaseUrl"));
    databases.push(copy.drop);
    const rows = await query<{ n: number }>(copy.url, `SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL`);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});
