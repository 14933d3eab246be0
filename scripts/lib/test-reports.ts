/**
 * Reads the machine-readable reports vitest and Playwright write during `npm test` and answers the
 * slowest files and tests, as text to print, so a run shows where its time went.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
export const VITEST_REPORT = path.join(root, ".data/reports/vitest.json");
export const PLAYWRIGHT_REPORT = path.join(root, ".data/reports/playwright.json");

type Timed = { name: string; ms: number };

type VitestReport = { testResults: Array<{ name: string; startTime: number; endTime: number }> };

type PlaywrightSuite = {
  file: string;
  title: string;
  specs: Array<{ title: string; file: string; line: number; tests: Array<{ results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = { suites: PlaywrightSuite[] };

function table(title: string, rows: Timed[], count: number): string {
  const top = [...rows].sort((a, b) => b.ms - a.ms).slice(0, count);
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  const lines = top.map((row) => `  ${(row.ms / 1000).toFixed(1).padStart(6)} s  ${row.name}`);
  return `${title} (of ${rows.length}, ${(total / 1000).toFixed(0)} s in all):\n${lines.join("\n")}`;
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : undefined;
}

export function slowestVitest(count: number): string {
  const report = readJson<VitestReport>(VITEST_REPORT);
  if (!report) return `No vitest report at ${path.relative(root, VITEST_REPORT)}.`;
  const files = report.testResults.map((file) => ({ name: path.relative(root, file.name), ms: file.endTime - file.startTime }));
  return table("Slowest vitest files", files, count);
}

export function slowestPlaywright(count: number): string {
  const report = readJson<PlaywrightReport>(PLAYWRIGHT_REPORT);
  if (!report) return `No Playwright report at ${path.relative(root, PLAYWRIGHT_REPORT)}.`;
  const tests: Timed[] = [];
  const files = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
      tests.push({ name: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`, ms });
      files.set(spec.file, (files.get(spec.file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  const specFiles = [...files].map(([name, ms]) => ({ name, ms }));
  return `${table("Slowest Playwright spec files", specFiles, count)}\n\n${table("Slowest Playwright tests", tests, count)}`;
}
