/**
 * `npm test`: every check CI runs. The generated files come first (the OpenAPI document and client
 * types, Next's route types); then the checks that only read the code run beside the unit and
 * integration tests (vitest, real PostgreSQL); the production build starts once the type check has
 * passed (and skips its own pass over the same files); the browser and HTTP tests (Playwright,
 * Debian Chromium) run last, alone. The first failure stops the run.
 *
 * At the end it prints each step's time, the machine's load average, and the ten slowest vitest
 * files and Playwright spec files and tests, so growth shows at every run.
 * `npm test -- <words>` runs only the steps whose names contain one of the words.
 */
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { type Step, bin, runSteps, tsx } from "./lib/run-steps";
import { VITEST_REPORT, slowestPlaywright, slowestVitest } from "./lib/test-reports";

const GENERATED = ["OpenAPI document and client types", "Next route types"];
const VITEST = "unit and integration tests";
const PLAYWRIGHT = "browser and HTTP tests";

const steps: Step[] = [
  { name: "OpenAPI document and client types", command: tsx("scripts/openapi-generate.ts") },
  { name: "Next route types", command: [bin("next"), "typegen"] },
  // The longest step before Playwright starts first; the quick checks share the other slots.
  {
    name: VITEST,
    command: [bin("vitest"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_REPORT}`],
    after: GENERATED,
  },
  { name: "type check", command: [bin("tsc"), "--noEmit"], after: GENERATED },
  { name: "lint", command: [bin("eslint"), "--max-warnings", "0", "."], after: GENERATED },
  { name: "formatting", command: [bin("prettier"), "--check", "."] },
  { name: "imports follow the layers", command: tsx("scripts/check-layers.ts") },
  { name: "paths named in comments and docs exist", command: tsx("scripts/check-paths.ts") },
  { name: "OpenAPI document passes Redocly lint", command: tsx("scripts/openapi-lint.ts"), after: GENERATED },
  { name: "migrations match the schema", command: tsx("scripts/db-diff.ts", "--check") },

  { name: "production build", command: [bin("next"), "build"], after: ["type check"], env: { PAGEWISE_TYPES_CHECKED: "1" } },
  { name: "static files in Brotli", command: tsx("scripts/compress-static.ts"), after: ["production build"] },
];
// Playwright, the longest step, starts once everything else has passed: a failure found earlier is cheaper.
steps.push({ name: PLAYWRIGHT, command: [bin("playwright"), "test"], after: steps.map((s) => s.name), live: true });

const only = process.argv.slice(2);
const selected = only.length ? steps.filter((s) => only.some((o) => s.name.includes(o))) : steps;

mkdirSync(path.dirname(VITEST_REPORT), { recursive: true });
const loadAtStart = loadavg();
const started = Date.now();
// Three at once: vitest alone leaves part of CI's two cores idle while its files wait on PostgreSQL and sockets.
const outcome = await runSteps(selected, 3);
if (!outcome.ok) process.exit(outcome.exitCode);

const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(", ");
console.log(`\n✔ all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`  load average (1, 5, 15 min) at start ${load(loadAtStart)}; at end ${load(loadavg())}`);
for (const step of selected) console.log(`  ${step.name}: ${outcome.seconds.get(step.name)?.toFixed(1)} s`);
if (selected.some((s) => s.name === VITEST)) console.log(`\n${slowestVitest(10)}`);
if (selected.some((s) => s.name === PLAYWRIGHT)) console.log(`\n${slowestPlaywright(10)}`);
