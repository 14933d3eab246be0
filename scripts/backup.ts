/**
 * `npm run backup -- --to DIR`: the database as a pg_dump custom-format dump, the stored files
 * (local storage: copied; S3 or UploadThing: a listing of keys and sizes, the objects staying where
 * they are) and manifest.json with every file's sha256. Against DATABASE_URL, or the embedded
 * database (a running app's, or started for the command). DIR must be empty or new.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "../lib/config";
import { storage } from "../lib/storage";
import { writeManifest } from "./lib/backup-manifest";
import { compatiblePgTool, runPgTool, serverMajorVersion } from "./lib/pg-tools";
import { fail, openAppDatabase, parseArgs } from "./lib/with-database";

const DUMP = "database.dump";

const args = parseArgs(process.argv.slice(2));
if (!args.to || args.to === "true") fail("Usage: npm run backup -- --to DIR");
const dir = path.resolve(args.to);
if (existsSync(dir) && readdirSync(dir).length > 0) fail(`${dir} is not empty: back up into a new or empty folder.`);

const cfg = config();
const database = await openAppDatabase();
let failure: string | undefined;
try {
  const serverMajor = await serverMajorVersion(database.url);
  const pgDump = compatiblePgTool("pg_dump", serverMajor);
  mkdirSync(dir, { recursive: true });
  runPgTool(pgDump, ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(dir, DUMP)}`, `--dbname=${database.url}`]);

  const copied = cfg.STORAGE_DRIVER === "local";
  if (copied) {
    if (existsSync(cfg.STORAGE_DIR)) cpSync(cfg.STORAGE_DIR, path.join(dir, "storage"), { recursive: true });
  } else {
    const objects = [];
    for (const object of await storage().list("")) objects.push({ ...object, size: await storage().size(object.key) });
    writeFileSync(path.join(dir, "storage-listing.json"), `${JSON.stringify(objects, null, 2)}\n`);
  }
  const manifest = await writeManifest(dir, {
    createdAt: new Date().toISOString(),
    database: { serverMajor, dump: DUMP },
    storage: { driver: cfg.STORAGE_DRIVER, copied },
  });
  console.log(
    `Backed up to ${dir}: the database (PostgreSQL ${serverMajor}, with ${pgDump}) and ${manifest.files.length - 1} other file(s).`,
  );
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  await database.close();
}
if (failure) fail(failure);
