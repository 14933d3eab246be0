import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** Debian's and PGDG's layout: one folder of client programs per major version. */
const VERSIONED_BINARIES = "/usr/lib/postgresql";

/** The major version a PostgreSQL program reports (`pg_dump (PostgreSQL) 17.2` → 17), or null when it does not run. */
function majorVersion(binary: string): number | null {
  const result = spawnSync(binary, ["--version"], { encoding: "utf8" });
  const match = result.status === 0 ? /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout) : null;
  return match ? Number(match[1]) : null;
}

export async function serverMajorVersion(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>("SHOW server_version_num");
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

/**
 * A `pg_dump` or `pg_restore` that can work with a server of `serverMajor`: pg_dump refuses a server
 * newer than itself, and pg_restore reads only dumps of its version or older. The one on PATH, or
 * any under /usr/lib/postgresql/<major>/bin, newest first. The embedded PostgreSQL ships neither.
 */
export function compatiblePgTool(tool: "pg_dump" | "pg_restore", serverMajor: number): string {
  const versioned = existsSync(VERSIONED_BINARIES)
    ? readdirSync(VERSIONED_BINARIES)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => path.join(VERSIONED_BINARIES, major, "bin", tool))
        .filter((binary) => existsSync(binary))
    : [];
  const found = [tool, ...versioned].map((binary) => ({ binary, major: majorVersion(binary) }));
  const usable = found.find((candidate) => candidate.major !== null && candidate.major >= serverMajor);
  if (usable) return usable.binary;
  const seen = found.filter((candidate) => candidate.major !== null).map((candidate) => `${candidate.binary} (${candidate.major})`);
  throw new Error(
    `No ${tool} of PostgreSQL ${serverMajor} or newer was found (${seen.length ? `found ${seen.join(", ")}` : "none on PATH"}). ` +
      `Install PostgreSQL ${serverMajor}'s client programs (e.g. postgresql-client-${serverMajor}) and put them on PATH.`,
  );
}

export function runPgTool(binary: string, args: string[]): void {
  const result = spawnSync(binary, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) throw new Error(`${path.basename(binary)} failed: ${(result.stderr || result.stdout).trim()}`);
}
