import pg from "pg";
import { E2E_PG_PORT } from "../../../playwright.config";

/**
 * A database of its own on the e2e server's PostgreSQL, for specs that start their own app
 * processes: created fresh, and queried directly to check what requests recorded.
 */
const SERVER = `postgresql://pagewise:pagewise@127.0.0.1:${E2E_PG_PORT}`;

export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return `${SERVER}/${name}`;
}

export async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
