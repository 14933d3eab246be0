/** `npm run db:migrate`: applies pending migrations to the database the app uses (start-up does this too). */
import { config } from "../lib/config";
import { runningEmbeddedPostgres, startEmbeddedPostgres } from "../lib/db/embedded-postgres";
import { MigrationError, migrate } from "../lib/db/migrate";

const cfg = config();
const target = { dataDir: cfg.DATA_DIR, port: cfg.EMBEDDED_PG_PORT, database: "pagewise" };
const running = cfg.DATABASE_URL ?? runningEmbeddedPostgres(target);
const embedded = running ? undefined : await startEmbeddedPostgres(target);
try {
  const { applied, alreadyApplied } = await migrate(running ?? embedded!.url);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : `Up to date (${alreadyApplied} migrations applied).`);
} catch (error) {
  console.error(error instanceof MigrationError ? error.message : error);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
