/** npm run user:create -- --email E --password P [--name N]: works whatever SIGNUP says (also when it is closed). */
import { z } from "zod";
import { EmailTakenError, createUser } from "../lib/users/create-user";
import { fail, parseArgs, withDatabase } from "./lib/with-database";

const args = parseArgs(process.argv.slice(2));
if (!args.email || !args.password)
  fail("Usage: npm run user:create -- --email you@example.com --password 'a long password' [--name 'Your Name']");

try {
  const user = await withDatabase(() => createUser({ email: args.email!, password: args.password!, name: args.name }));
  console.log(`Created account ${user.email} (${user.id})`);
  console.log("Its address is unconfirmed: the first sign-in with an emailed link confirms it and removes this password.");
} catch (error) {
  if (error instanceof z.ZodError) fail(error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  if (error instanceof EmailTakenError) fail(error.message);
  throw error;
}
