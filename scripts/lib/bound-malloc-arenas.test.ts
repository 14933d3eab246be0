import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../test/support/app-process";

/** A Node process that loads the module first, as scripts/start.ts does, and reports its pid and MALLOC_ARENA_MAX. */
function startedWith(env: NodeJS.ProcessEnv) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      "./scripts/lib/bound-malloc-arenas.ts",
      "-e",
      "console.log(`${process.pid} ${process.env.MALLOC_ARENA_MAX}`)",
    ],
    { cwd: ROOT, env },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ pid: number; said: string }>((resolve) => child.on("exit", () => resolve({ pid: child.pid!, said: output.trim() })));
}

describe("the web process's malloc arenas", () => {
  it("are bounded to two: the process restarts itself in place (same pid) with MALLOC_ARENA_MAX=2", async () => {
    const env = { ...process.env };
    delete env.MALLOC_ARENA_MAX;
    const { pid, said } = await startedWith(env);
    expect(said).toBe(`${pid} 2`);
  });

  it("are left as an operator set them", async () => {
    const { pid, said } = await startedWith({ ...process.env, MALLOC_ARENA_MAX: "4" });
    expect(said).toBe(`${pid} 4`);
  });
});
