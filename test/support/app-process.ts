import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export type AppProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Runs `npm start`'s script (without npm in between, so signals reach it directly). */
export function startApp(env: Record<string, string>): AppProcess {
  return track(
    spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: ROOT,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
}

/** A bare `next start` of the existing build in `dir` (no scripts/start.ts in front), on env.PORT. */
export function startNextStart(env: Record<string, string>, dir = ROOT): AppProcess {
  return track(
    spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", env.PORT!, dir], {
      cwd: ROOT,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
}

function track(child: ChildProcess): AppProcess {
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitForHealth(baseUrl: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${baseUrl} did not become healthy in ${timeoutMs} ms`);
}

export function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
