/** npm run user:reset-password -- --email E --password P: sets a new password and signs the account out everywhere. */
import { z } from "zod";
import { resetPassword } from "../lib/users/reset-password";
import { fail, parseArgs, withDatabase } from "./lib/with-database";

const args = parseArgs(process.argv.slice(2));
if (!args.email || !args.password) fail("Usage: npm run user:reset-password -- --email you@example.com --password 'a new long password'");

try {
  const done = await withDatabase(() => resetPassword(args.email!, args.password!));
  if (!done) fail(`No account with email ${args.email}.`);
  console.log(`The password of ${args.email} was changed; every session of the account was signed out.`);
} catch (error) {
  if (error instanceof z.ZodError) fail(error.issues.map((i) => `password: ${i.message}`).join("\n"));
  throw error;
}
