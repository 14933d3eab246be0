import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, setDatabaseUrl } from "../lib/config";
import { db } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import { noReaderCap, openAccess, ownerWithDocument } from "../test/support/fixtures";
import { ingestNow } from "../test/support/ingest-now";
import { runScript } from "../test/support/app-process";
import { startSystemPostgres } from "../test/support/system-postgres";
import { demoViewers, random, seedActivity } from "./lib/demo-data";

// Debian's PostgreSQL 15 with its own pg_dump: the embedded 17 ships no pg_dump, and Debian's 15 cannot dump a 17.
const PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329) + 5;

/** Every table's rows, as one digest per table: equal digests, equal data. */
async function tableDigests(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const digests: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ digest: string; count: number }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*)::int AS count FROM ${name} t`,
      );
      digests[name] = `${rows[0]!.count}:${rows[0]!.digest}`;
    }
    return digests;
  } finally {
    await client.end();
  }
}

describe("npm run backup and npm run restore", () => {
  const server = startSystemPostgres(PORT);
  const restoredUrl = server.url.replace(/\/pagewise_ext$/, "/pagewise_restored");
  const work = mkdtempSync(path.join(tmpdir(), "pagewise-backup-"));
  const backupDir = path.join(work, "backup");
  const restoredDataDir = path.join(work, "restored-data");

  beforeAll(async () => {
    await migrate(server.url);
    setDatabaseUrl(server.url);
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query("CREATE DATABASE pagewise_restored");
    await admin.end();
  });

  afterAll(async () => {
    await db.$disconnect();
    server.remove();
    rmSync(work, { recursive: true, force: true });
  });

  it("brings back every document's file and analytics into a fresh database and storage folder, and refuses what it must", async () => {
    const documents = [];
    for (const seed of [1, 2]) {
      const { doc } = await ownerWithDocument();
      await seedActivity(doc, demoViewers(doc.pageCount, 6, random(seed), 7));
      await ingestNow(
        doc,
        openAccess(doc.pageCount),
        randomBytes(12).toString("base64url"),
        { batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 1, seconds: 3 }] },
        noReaderCap,
      );
      documents.push(doc);
    }
    expect(await db.visit.count()).toBeGreaterThan(0);
    expect(await db.pageTime.count()).toBeGreaterThan(0);
    const originals = documents.map((doc) => readFileSync(path.join(config().STORAGE_DIR, doc.storageKey)));
    const before = await tableDigests(server.url);

    const backup = await runScript("scripts/backup.ts", ["--to", backupDir], { DATABASE_URL: server.url, DATA_DIR: config().DATA_DIR });
    expect(backup.code, backup.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as {
      files: { path: string; sha256: string }[];
    };
    expect(manifest.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(["database.dump", ...documents.map((doc) => `storage/${doc.storageKey}`)]),
    );

    const restoreEnv = { DATABASE_URL: restoredUrl, DATA_DIR: restoredDataDir };
    const restored = await runScript("scripts/restore.ts", ["--from", backupDir], restoreEnv);
    expect(restored.code, restored.stderr).toBe(0);
    expect(await tableDigests(restoredUrl)).toEqual(before);
    documents.forEach((doc, i) => {
      expect(readFileSync(path.join(restoredDataDir, "storage", doc.storageKey)).equals(originals[i]!)).toBe(true);
    });

    // Into a database that now has data: refused, and nothing changes.
    const again = await runScript("scripts/restore.ts", ["--from", backupDir], { ...restoreEnv, DATA_DIR: path.join(work, "other") });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("The database is not empty");
    expect(await tableDigests(restoredUrl)).toEqual(before);

    // A damaged backup is refused before anything is written.
    const file = path.join(backupDir, "storage", documents[0]!.storageKey);
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from("x")]));
    const damaged = await runScript("scripts/restore.ts", ["--from", backupDir], {
      DATABASE_URL: server.url,
      DATA_DIR: path.join(work, "third"),
    });
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain("does not match its checksum");
  }, 120_000);
});
