/**
 * `npm run restore -- --from DIR`: a backup made by `npm run backup`, checked against its manifest's
 * checksums before anything is written, into an empty database (DATABASE_URL's, or the embedded
 * one) and, for local storage, an empty storage folder. A database or folder with anything in it is
 * refused: a restore never merges into or overwrites data.
 */
import { cpSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { config } from "../lib/config";
import { verifiedManifest } from "./lib/backup-manifest";
import { compatiblePgTool, runPgTool, serverMajorVersion } from "./lib/pg-tools";
import { fail, openAppDatabase, parseArgs } from "./lib/with-database";

const args = parseArgs(process.argv.slice(2));
if (!args.from || args.from === "true") fail("Usage: npm run restore -- --from DIR");
const dir = path.resolve(args.from);

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace " +
        "WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'",
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}

const cfg = config();
let manifest;
try {
  manifest = await verifiedManifest(dir);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const storageDir = cfg.STORAGE_DIR;
if (manifest.storage.copied) {
  if (cfg.STORAGE_DRIVER !== "local") fail(`This backup holds local storage's files; STORAGE_DRIVER is ${cfg.STORAGE_DRIVER}.`);
  if (existsSync(storageDir) && readdirSync(storageDir).length > 0)
    fail(`The storage folder ${storageDir} is not empty: restore into an empty one.`);
}

const database = await openAppDatabase();
let failure: string | undefined;
try {
  if ((await tablesIn(database.url)) > 0) {
    throw new Error("The database is not empty: restore into a new, empty database (nothing was changed).");
  }
  const pgRestore = compatiblePgTool("pg_restore", Math.max(manifest.database.serverMajor, await serverMajorVersion(database.url)));
  runPgTool(pgRestore, [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    "--single-transaction",
    `--dbname=${database.url}`,
    path.join(dir, manifest.database.dump),
  ]);
  if (manifest.storage.copied && existsSync(path.join(dir, "storage"))) cpSync(path.join(dir, "storage"), storageDir, { recursive: true });
  console.log(
    manifest.storage.copied
      ? `Restored the database and the stored files from ${dir}.`
      : `Restored the database from ${dir}; its files stay in ${manifest.storage.driver} (listed in storage-listing.json).`,
  );
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  await database.close();
}
if (failure) fail(failure);
