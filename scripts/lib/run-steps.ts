/**
 * Runs a set of command-line steps as soon as the steps each one needs have passed, a few at a
 * time, stopping everything at the first failure. A step that runs alongside others keeps its
 * output and prints it whole when it ends, so nothing interleaves; a `live` step waits for the
 * machine to itself and streams its output as it comes.
 *
 * The first failure's output is printed last, after the steps it stopped say so in a line each:
 * CI keeps only the tail of a long log, and the tail must be the failure, not a stopped step's
 * half-finished output.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export type Step = {
  name: string;
  command: string[];
  /** Names of steps that must have passed before this one starts (ignored when not in the run). */
  after?: string[];
  /** Runs alone, streaming its output (a long step whose progress people watch). */
  live?: boolean;
  env?: Record<string, string>;
};

export type StepsOutcome = { ok: boolean; exitCode: number; seconds: Map<string, number> };

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);
export const tsx = (script: string, ...args: string[]) => [process.execPath, "--import", "tsx", script, ...args];

export function runSteps(steps: Step[], concurrency: number): Promise<StepsOutcome> {
  const names = new Set(steps.map((s) => s.name));
  const needs = (step: Step) => (step.after ?? []).filter((name) => names.has(name));
  const seconds = new Map<string, number>();
  const running = new Map<string, { child: ChildProcess; live: boolean }>();
  const pending = [...steps];
  let exitCode = 0;
  let failure: { name: string; output: Buffer; took: number; signal: NodeJS.Signals | null } | null = null;

  const run = (step: Step) =>
    new Promise<void>((resolve) => {
      const started = Date.now();
      if (step.live) console.log(`\n▶ ${step.name}`);
      const [command, ...args] = step.command;
      const child = spawn(command!, args, {
        cwd: ROOT,
        stdio: step.live ? "inherit" : ["ignore", "pipe", "pipe"],
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", FORCE_COLOR: process.env.FORCE_COLOR ?? "1", ...step.env },
      });
      running.set(step.name, { child, live: Boolean(step.live) });
      const output: Buffer[] = [];
      child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
      child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
      child.on("close", (code, signal) => {
        running.delete(step.name);
        const took = (Date.now() - started) / 1000;
        if (code === 0) {
          if (!step.live) {
            console.log(`\n▶ ${step.name}`);
            process.stdout.write(Buffer.concat(output));
          }
          seconds.set(step.name, took);
          console.log(`✔ ${step.name} (${took.toFixed(1)} s)`);
        } else if (exitCode === 0) {
          exitCode = code ?? 1;
          failure = { name: step.name, output: Buffer.concat(output), took, signal };
          for (const other of running.values()) other.child.kill("SIGTERM");
        } else {
          console.log(`\n■ ${step.name} stopped after ${took.toFixed(1)} s: another step failed`);
        }
        resolve();
      });
    });

  return new Promise((done) => {
    const schedule = () => {
      if (running.size === 0 && (exitCode !== 0 || pending.length === 0)) {
        if (failure) {
          // A live step's output is already on screen; anyone else's is printed here, last.
          console.log(`\n▶ ${failure.name}`);
          process.stdout.write(failure.output);
          const how = `${failure.took.toFixed(1)} s${failure.signal ? `, ${failure.signal}` : ""}`;
          console.log(`\n✖ ${failure.name} failed (${how}), exit code ${exitCode}`);
        }
        return done({ ok: exitCode === 0, exitCode, seconds });
      }
      if (exitCode !== 0) return;
      for (const step of [...pending]) {
        const liveRunning = [...running.values()].some((r) => r.live);
        if (liveRunning || running.size >= concurrency) break;
        if (!needs(step).every((name) => seconds.has(name))) continue;
        if (step.live && running.size > 0) continue;
        pending.splice(pending.indexOf(step), 1);
        void run(step).then(schedule);
      }
    };
    schedule();
  });
}
