import { readdirSync } from "node:fs";
import path from "node:path";
import { setDatabaseUrl } from "../../../lib/config";
import { ROOT } from "../app-process";
import { E2E_PG_PORT } from "../../../playwright.config";

/**
 * The e2e server's own database and files (playwright.config.ts), opened directly so tests can
 * arrange accounts and check what a request recorded.
 */
export const E2E_DATABASE_URL = `postgresql://pagewise:pagewise@127.0.0.1:${E2E_PG_PORT}/pagewise`;
export const E2E_STORAGE_DIR = path.join(ROOT, ".data/e2e/storage");
export const E2E_UPLOAD_TMP_DIR = path.join(ROOT, ".data/e2e/tmp/uploads");

setDatabaseUrl(E2E_DATABASE_URL);

export { db } from "../../../lib/db/client";

/** Every file under a directory, recursively (empty when it does not exist). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}
