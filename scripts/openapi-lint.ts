/**
 * `npm test`'s OpenAPI step: writes the document (scripts/openapi-generate.ts) and lints it with
 * Redocly's recommended rules (redocly.yaml), failing on any error and on any warning, which
 * `redocly lint` alone lets pass. Redocly is kept offline: no telemetry, no update check.
 * Run alone with `npx tsx scripts/openapi-lint.ts`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { OPENAPI_JSON, writeOpenApiDocument } from "./openapi-generate";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const lint = (format: string) =>
  spawnSync(path.join(root, "node_modules/.bin/redocly"), ["lint", OPENAPI_JSON, "--config", "redocly.yaml", `--format=${format}`], {
    cwd: root,
    env,
    encoding: "utf8",
  });

writeOpenApiDocument();
const result = lint("json");
if (result.error || result.status === null || !result.stdout.trim()) {
  console.error(`Redocly did not run: ${result.error?.message ?? result.stderr.trim()}`);
  process.exit(1);
}
const totals = (JSON.parse(result.stdout) as { totals: { errors: number; warnings: number } }).totals;
if (totals.errors > 0 || totals.warnings > 0) {
  // Again, for people: each problem where it is in the document.
  process.stdout.write(lint("codeframe").stdout);
  console.error(
    `Redocly (recommended): ${totals.errors} error(s), ${totals.warnings} warning(s). Fix the operation in lib/contract (or the frame in lib/http/openapi.ts).`,
  );
  process.exit(1);
}
console.log("Redocly (recommended): 0 errors, 0 warnings.");
