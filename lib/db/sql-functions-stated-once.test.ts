import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FUNCTIONS_DIR, MIGRATIONS_DIR } from "./migrate";

/**
 * The last migration that created or redefined a SQL function itself. They stay as they were
 * (history, already applied everywhere); from the next one on, a function's definition is only its
 * prisma/functions/<name>.sql file, and a migration may at most DROP an old signature.
 */
const LAST_MIGRATION_STATING_A_FUNCTION = "20261127020050_beacon_append";

/** The functions a migration's SQL creates or redefines. */
function functionsCreatedIn(sql: string): string[] {
  const withoutComments = sql.replace(/--[^\n]*/g, "").replace(/\/\*[\s\S]*?\*\//g, "");
  return [...withoutComments.matchAll(/\bcreate\s+(?:or\s+replace\s+)?function\s+("?)([\w.]+)\1/gi)].map((m) => m[2]!);
}

describe("SQL functions are stated once", () => {
  it("finds a function a migration creates or redefines, quoted or not, and not one named in a comment or trigger", () => {
    const sql = `-- CREATE FUNCTION in_a_comment()
      CREATE OR REPLACE FUNCTION "ingest_track_batch"(p jsonb) RETURNS void AS $$ BEGIN END $$ LANGUAGE plpgsql;
      create function public.helper() returns int as $$ select 1 $$ language sql;
      CREATE TRIGGER t AFTER INSERT ON x FOR EACH ROW EXECUTE FUNCTION helper();
      DROP FUNCTION IF EXISTS "old_one"(int);`;
    expect(functionsCreatedIn(sql)).toEqual(["ingest_track_batch", "public.helper"]);
  });

  it("no migration after the functions moved to prisma/functions restates one: a function's body lives only in its file", () => {
    const later = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name > LAST_MIGRATION_STATING_A_FUNCTION)
      .map((entry) => entry.name);
    const restated = later.flatMap((name) =>
      functionsCreatedIn(readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8")).map((fn) => `${name}: ${fn}`),
    );
    expect(restated, "define the function in prisma/functions/<name>.sql instead (docs/decisions.md, 'Rules stated once')").toEqual([]);
    expect(later.length).toBeGreaterThan(0);
  });

  it("every function file defines the function it is named after", () => {
    for (const file of readdirSync(FUNCTIONS_DIR)) {
      expect(functionsCreatedIn(readFileSync(path.join(FUNCTIONS_DIR, file), "utf8")), file).toEqual([path.basename(file, ".sql")]);
    }
  });
});
