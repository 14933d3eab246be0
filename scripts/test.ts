/**
 * `npm test`: every check CI runs, in order, stopping at the first failure:
 * the OpenAPI document and its client types regenerated from the code (the type check reads them),
 * type check, lint, formatting (Prettier), the layering of imports (scripts/check-layers.ts), the
 * OpenAPI document against Redocly's recommended rules, migrations-vs-schema drift, unit and
 * integration tests (vitest, real PostgreSQL), production build, browser and HTTP tests
 * (Playwright, Debian Chromium).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

const steps: Array<[string, string, string[]]> = [
  ["OpenAPI document and client types", process.execPath, ["--import", "tsx", "scripts/openapi-generate.ts"]],
  ["type check", bin("tsc"), ["--noEmit"]],
  ["lint", bin("eslint"), ["--max-warnings", "0", "."]],
  ["formatting", bin("prettier"), ["--check", "."]],
  ["imports follow the layers", process.execPath, ["--import", "tsx", "scripts/check-layers.ts"]],
  ["OpenAPI document passes Redocly lint", process.execPath, ["--import", "tsx", "scripts/openapi-lint.ts"]],
  ["migrations match the schema", process.execPath, ["--import", "tsx", "scripts/db-diff.ts", "--check"]],
  ["unit and integration tests", bin("vitest"), ["run"]],
  ["production build", bin("next"), ["build"]],
  ["browser and HTTP tests", bin("playwright"), ["test"]],
];

const only = process.argv.slice(2);
const timings: string[] = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", FORCE_COLOR: process.env.FORCE_COLOR ?? "1" },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✔ all checks passed\n  ${timings.join("\n  ")}`);
