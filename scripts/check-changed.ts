/**
 * `npm run check:changed`: the inner loop for a change to a few modules. Type-checks the project
 * (incrementally), lints the changed files and runs the vitest files that import them, directly or
 * not. "Changed" is what differs from HEAD, untracked files included; `npm run check:changed --
 * <ref>` compares with another commit (`main`, `HEAD~3`).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type Step, ROOT, bin, runSteps } from "./lib/run-steps";

const base = process.argv[2] ?? "HEAD";
const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
const changed = [...new Set([...git("diff", "--name-only", base), ...git("ls-files", "--others", "--exclude-standard")])].filter((file) =>
  existsSync(`${ROOT}/${file}`),
);
const code = changed.filter((file) => /\.(ts|tsx|mjs)$/.test(file));
if (code.length === 0) {
  console.log(`No TypeScript changed since ${base}.`);
  process.exit(0);
}
console.log(`Changed since ${base}:\n  ${code.join("\n  ")}`);

const steps: Step[] = [
  { name: "type check", command: [bin("tsc"), "--noEmit"] },
  { name: "lint of the changed files", command: [bin("eslint"), "--max-warnings", "0", ...code] },
  { name: "vitest files that import them", command: [bin("vitest"), "related", "--run", "--passWithNoTests", ...code] },
];
const started = Date.now();
const outcome = await runSteps(steps, 3);
console.log(`\n${outcome.ok ? "✔" : "✖"} ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(outcome.exitCode);
