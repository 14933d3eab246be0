import { config, setDatabaseUrl } from "../../lib/config";
import { runningEmbeddedPostgres, startEmbeddedPostgres } from "../../lib/db/embedded-postgres";
import { migrate } from "../../lib/db/migrate";

/**
 * The database the app uses: DATABASE_URL when set; otherwise the embedded server of a running
 * app, or the embedded server started just for this command (stopped by `close`).
 */
export async function openAppDatabase(): Promise<{ url: string; close: () => Promise<void> }> {
  const cfg = config();
  const target = { dataDir: cfg.DATA_DIR, port: cfg.EMBEDDED_PG_PORT, database: "pagewise" };
  const running = cfg.DATABASE_URL ?? runningEmbeddedPostgres(target);
  if (running) return { url: running, close: async () => undefined };
  const embedded = await startEmbeddedPostgres(target);
  return { url: embedded.url, close: embedded.stop };
}

/** Runs a command-line task against the app's database, migrated first. */
export async function withDatabase<T>(task: () => Promise<T>): Promise<T> {
  const database = await openAppDatabase();
  try {
    await migrate(database.url);
    setDatabaseUrl(database.url);
    const result = await task();
    const { db } = await import("../../lib/db/client");
    await db.$disconnect();
    return result;
  } finally {
    await database.close();
  }
}

/** `--name value` pairs from argv. */
export function parseArgs(argv: string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) continue;
    const [key, inline] = arg.slice(2).split("=", 2);
    args[key!] = inline ?? (argv[i + 1] && !argv[i + 1]!.startsWith("--") ? argv[++i]! : "true");
  }
  return args;
}

/** Prints a message and exits with status 1 (a failed command for scripts that call us). */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
