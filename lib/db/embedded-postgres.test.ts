import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { runningEmbeddedPostgres, startEmbeddedPostgres } from "./embedded-postgres";

const root = path.resolve(import.meta.dirname, "../..");
const PORT = 54371;

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe("embedded PostgreSQL", () => {
  mkdirSync(path.join(root, ".data"), { recursive: true });
  const dataDir = mkdtempSync(path.join(root, ".data", "test-embedded-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("creates a cluster on first start, keeps its data across a stop and start", async () => {
    const first = await startEmbeddedPostgres({ dataDir, port: PORT, database: "app" });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
    await client.end();
    await first.stop();
    expect(await canQuery(first.url)).toBe(false);

    const second = await startEmbeddedPostgres({ dataDir, port: PORT, database: "app" });
    const again = new pg.Client({ connectionString: second.url });
    await again.connect();
    expect((await again.query("SELECT v FROM kept")).rows).toEqual([{ v: "still here" }]);
    await again.end();
    await second.stop();
  });

  it("recovers from a server left running by a process killed with SIGKILL", async () => {
    // A separate process starts Postgres, reports ready, and is killed before it can stop it.
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `
        const { startEmbeddedPostgres } = await import(${JSON.stringify(path.join(root, "lib/db/embedded-postgres.ts"))});
        await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${PORT}, database: "app" });
        console.log("ready");
        setInterval(() => {}, 1000);
      `,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.on("exit", (code) => reject(new Error(`child exited with ${code}`)));
    });
    expect(runningEmbeddedPostgres({ dataDir, port: PORT, database: "app" })).toBeDefined();
    child.kill("SIGKILL");
    await new Promise((resolve) => child.on("exit", resolve));
    expect(runningEmbeddedPostgres({ dataDir, port: PORT, database: "app" })).toBeUndefined();
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(true);

    const recovered = await startEmbeddedPostgres({ dataDir, port: PORT, database: "app" });
    expect(await canQuery(recovered.url)).toBe(true);
    await recovered.stop();
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  });

  it("refuses to take over a cluster that a live process is using", async () => {
    const running = await startEmbeddedPostgres({ dataDir, port: PORT, database: "app" });
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `
        const { startEmbeddedPostgres } = await import(${JSON.stringify(path.join(root, "lib/db/embedded-postgres.ts"))});
        await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${PORT}, database: "app" }).catch((e) => { console.log(e.message); process.exit(3); });
      `,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(3);
    expect(output).toContain(`in use by process ${process.pid}`);
    expect(await canQuery(running.url)).toBe(true);
    await running.stop();
  });

  it("starts after a crash whose postmaster.pid and owner file name PIDs now used by other processes", async () => {
    const first = await startEmbeddedPostgres({ dataDir, port: PORT, database: "app" });
    const lockFile = path.join(dataDir, "postgres", "postmaster.pid");
    const lock = readFileSync(lockFile, "utf8");
    await first.stop();
    // What a restarted container sees: the crashed run's lock and owner, their PIDs reused by live strangers.
    const stranger = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      writeFileSync(lockFile, lock.replace(/^\d+/, String(stranger.pid)));
      writeFileSync(path.join(dataDir, "postgres.owner"), `${stranger.pid}\n`);

      const restarted = await startEmbeddedPostgres({ dataDir, port: PORT, database: "app" });
      expect(await canQuery(restarted.url)).toBe(true);
      expect(stranger.exitCode).toBeNull();
      expect(stranger.signalCode).toBeNull();
      await restarted.stop();
    } finally {
      stranger.kill();
    }
  });

  it("respects the lock of a running cluster and tells who holds it", async () => {
    const running = await startEmbeddedPostgres({ dataDir, port: PORT, database: "app" });
    const holder = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dataDir, "postgres.owner"), `${holder.pid}\n`);
      await expect(startEmbeddedPostgres({ dataDir, port: PORT, database: "app" })).rejects.toThrow(`in use by process ${holder.pid}`);
      expect(await canQuery(running.url)).toBe(true);
      expect(runningEmbeddedPostgres({ dataDir, port: PORT, database: "app" })).toBeDefined();
    } finally {
      holder.kill();
      await running.stop();
    }
  });
});
