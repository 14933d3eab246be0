/** npm run apikey:create -- --email E [--name N]; the key is printed alone on the last line. */
import { createApiKey } from "../lib/auth/api-keys";
import { findUserByEmail } from "../lib/users/create-user";
import { fail, parseArgs, withDatabase } from "./lib/with-database";

const args = parseArgs(process.argv.slice(2));
if (!args.email) fail("Usage: npm run apikey:create -- --email you@example.com [--name 'CRM sync']");

const created = await withDatabase(async () => {
  const user = await findUserByEmail(args.email!);
  return user ? createApiKey(user.id, args.name) : null;
});
if (!created) fail(`No account with email ${args.email}. Create one with npm run user:create.`);
console.log(`Created API key "${created.apiKey.name}" (…${created.apiKey.last4}). It is shown once; store it now:`);
console.log(created.key);
