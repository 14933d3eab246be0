/** npm run apikey:create -- --email E [--team TEAM_ID] [--name N] [--read-only]; the key is printed alone on the last line. */
import { createApiKey } from "../lib/auth/api-keys";
import { personalTeamOf } from "../lib/teams/personal-team";
import { membershipIn } from "../lib/teams/team-memberships";
import { findUserByEmail } from "../lib/users/create-user";
import { fail, parseArgs, withDatabase } from "./lib/with-database";

const USAGE = "Usage: npm run apikey:create -- --email you@example.com [--team TEAM_ID] [--name 'CRM sync'] [--read-only]";
const args = parseArgs(process.argv.slice(2));
if (!args.email) fail(USAGE);
// A misspelt or valued flag must not quietly make a key that may write.
const unknown = Object.keys(args).filter((flag) => !["email", "team", "name", "read-only"].includes(flag));
if (unknown.length) fail(`Unknown option ${unknown.map((flag) => `--${flag}`).join(", ")}. ${USAGE}`);
if (args["read-only"] !== undefined && args["read-only"] !== "true") fail(`--read-only takes no value; got ${args["read-only"]}. ${USAGE}`);
if (args.team !== undefined && !/^[0-9a-f-]{36}$/i.test(args.team)) fail(`--team must be a team's id (a UUID); got ${args.team}`);

const created = await withDatabase(async () => {
  const user = await findUserByEmail(args.email!);
  if (!user) return `No account with email ${args.email}. Create one with npm run user:create.`;
  const teamId = args.team ?? (await personalTeamOf(user.id));
  if (!teamId || !(await membershipIn(teamId, user.id))) return `${user.email} is not a member of team ${args.team ?? "(none)"}.`;
  return { ...(await createApiKey({ teamId, userId: user.id }, args.name, args["read-only"] ? "read" : "write")), teamId };
});
if (typeof created === "string") fail(created);
console.log(
  `Created ${created.apiKey.access === "read" ? "read-only " : ""}API key "${created.apiKey.name}" (…${created.apiKey.last4}) in team ${created.teamId}. It is shown once; store it now:`,
);
console.log(created.key);
