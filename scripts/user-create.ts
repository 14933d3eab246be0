/**
 * npm run user:create -- --email E --password P [--name N] [--team TEAM_ID --role member|admin]: works
 * whatever SIGNUP says (also when it is closed). The account always gets its own team; with --team
 * it also joins that one.
 */
import { z } from "zod";
import { EmailTakenError, UnknownTeamError, createUser } from "../lib/users/create-user";
import { fail, parseArgs, withDatabase } from "./lib/with-database";

const args = parseArgs(process.argv.slice(2));
if (!args.email || !args.password)
  fail(
    "Usage: npm run user:create -- --email you@example.com --password 'a long password' [--name 'Your Name'] [--team TEAM_ID --role member|admin]",
  );
const role = args.role ?? "member";
if (role !== "member" && role !== "admin") fail("--role must be member or admin (ownership is transferred from the dashboard or the API).");
if (args.role && !args.team) fail("--role needs --team TEAM_ID.");
const team = args.team ? z.uuid().safeParse(args.team) : null;
if (team && !team.success) fail(`--team must be a team's id (a UUID); got ${args.team}`);

try {
  const user = await withDatabase(() =>
    createUser({ email: args.email!, password: args.password!, name: args.name }, team?.data ? { teamId: team.data, role } : undefined),
  );
  console.log(`Created account ${user.email} (${user.id}) with its own team (${user.personalTeamId})`);
  if (team?.data) console.log(`It joined team ${team.data} as ${role}.`);
  console.log("Its address is unconfirmed: the first sign-in with an emailed link confirms it and removes this password.");
} catch (error) {
  if (error instanceof z.ZodError) fail(error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  if (error instanceof EmailTakenError || error instanceof UnknownTeamError) fail(error.message);
  throw error;
}
