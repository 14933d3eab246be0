/** `npm run db:migrate`: applies pending migrations and changed SQL functions to the database the app uses (start-up does this too). */
import { MigrationError, migrate } from "../lib/db/migrate";
import { openAppDatabase } from "./lib/with-database";

const database = await openAppDatabase();
try {
  const { applied, alreadyApplied, functions } = await migrate(database.url);
  console.log(
    applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : `Up to date (${alreadyApplied} migrations applied).`,
  );
  if (functions.length) console.log(`Applied ${functions.length} SQL function(s) from prisma/functions: ${functions.join(", ")}`);
} catch (error) {
  console.error(error instanceof MigrationError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
