import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { databaseUrl } from "../config";
import { PrismaClient } from "../generated/prisma/client";
import { logger } from "../log/logger";
import { gauge } from "../metrics/registry";

/**
 * One connection pool and one Prisma client on it per process, created on first use so that
 * importing a module (as `next build` does) never needs a database.
 */
const globalForDb = globalThis as unknown as { prisma?: PrismaClient; pgPool?: pg.Pool };

/** Long enough for a database that is busy starting its backends (every background task connects at once at start). */
const CONNECT_TIMEOUT_MS = 10_000;

function pool(): pg.Pool {
  if (!globalForDb.pgPool || globalForDb.pgPool.ended) {
    globalForDb.pgPool = new pg.Pool({ connectionString: databaseUrl(), max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // A connection that breaks while idle is dropped by the pool; the next query opens another.
    globalForDb.pgPool.on("error", (error) => logger("db").error({ err: error }, "database connection lost"));
  }
  return globalForDb.pgPool;
}

// Prisma runs on this node-postgres pool (the adapter), so the pool's own counts are the database pool's.
gauge({
  name: "pagewise_db_pool_connections",
  help: "The database pool's connections: in use, idle, and requests waiting for one",
  labelNames: ["state"],
  collect() {
    const current = globalForDb.pgPool;
    const total = current?.totalCount ?? 0;
    const idle = current?.idleCount ?? 0;
    this.set({ state: "in_use" }, total - idle);
    this.set({ state: "idle" }, idle);
    this.set({ state: "waiting" }, current?.waitingCount ?? 0);
  },
});

function client(): PrismaClient {
  globalForDb.prisma ??= new PrismaClient({ adapter: new PrismaPg(pool(), { disposeExternalPool: true }) });
  return globalForDb.prisma;
}

export const db = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const target = client();
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * For the few statements every reader's browser sends many times a minute: a statement prepared
 * once per connection (`name`) on the same pool, without Prisma's per-query work. Rows come as
 * node-postgres parses them (int8 as a string). Everything else goes through `db`.
 */
export async function hotQuery<Row extends object>(name: string, text: string, values: unknown[]): Promise<Row[]> {
  return (await pool().query<Row>({ name, text, values })).rows;
}

/**
 * Statements of `hotQuery`'s kind in one explicit transaction on one connection: committed when
 * `work` resolves, rolled back when it throws (or when the process dies before the commit).
 */
export async function hotTransaction<T>(
  work: (query: <Row extends object>(name: string, text: string, values: unknown[]) => Promise<Row[]>) => Promise<T>,
): Promise<T> {
  const connection = await pool().connect();
  try {
    await connection.query("BEGIN");
    const result = await work(async <Row extends object>(name: string, text: string, values: unknown[]) => {
      return (await connection.query<Row>({ name, text, values })).rows;
    });
    await connection.query("COMMIT");
    return result;
  } catch (error) {
    await connection.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}
