import { randomBytes } from "node:crypto";
import pg from "pg";

export const TEMPLATE_DATABASE = "pagewise_template";

/** The same server, maintenance database `postgres`. */
export function adminUrlFor(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  return url.toString();
}

/** Creates an empty, migrated database cloned from the template; returns its URL and a drop function. */
export async function cloneTemplateDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pagewise_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
