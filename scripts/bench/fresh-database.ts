import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { setDatabaseUrl } from "../../lib/config";
import { startEmbeddedPostgres } from "../../lib/db/embedded-postgres";
import { migrate } from "../../lib/db/migrate";

/**
 * A benchmark's own embedded PostgreSQL under `.data/<name>`, empty and migrated on every run
 * (a server an interrupted run left behind is stopped first). This process's lib/ code uses it.
 */
export async function freshBenchDatabase(name: string, port: number) {
  const dataDir = path.resolve(import.meta.dirname, "../../.data", name);
  if (existsSync(dataDir)) await (await startEmbeddedPostgres({ dataDir, port, database: "pagewise" })).stop();
  rmSync(dataDir, { recursive: true, force: true });
  const database = await startEmbeddedPostgres({ dataDir, port, database: "pagewise" });
  await migrate(database.url);
  setDatabaseUrl(database.url);
  process.env.DATA_DIR = dataDir;
  return { ...database, dataDir };
}
