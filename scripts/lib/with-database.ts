import { config, setDatabaseUrl } from "../../lib/config";
import { runningEmbeddedPostgres, startEmbeddedPostgres } from "../../lib/db/embedded-postgres";
import { migrate } from "../../lib/db/migrate";

/**
 * Runs a command-line task against the database the app uses: DATABASE_URL when set; otherwise
 * the embedded server of a running app, or the embedded server started just for this task.
 */
export async function withDatabase<T>(task: () => Promise<T>): Promise<T> {
  const cfg = config();
  const target = { dataDir: cfg.DATA_DIR, port: cfg.EMBEDDED_PG_PORT, database: "pagewise" };
  const running = cfg.DATABASE_URL ?? runningEmbeddedPostgres(target);
  const embedded = running ? undefined : await startEmbeddedPostgres(target);
  const url = running ?? embedded!.url;
  try {
    await migrate(url);
    setDatabaseUrl(url);
    const result = await task();
    const { db } = await import("../../lib/db");
    await db.$disconnect();
    return result;
  } finally {
    await embedded?.stop();
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
