import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "./run-steps";

/** Runs runSteps in a Node process of its own, as `npm test` does, and returns what it printed. */
function printedBy(steps: string) {
  const script = `import { runSteps } from "./scripts/lib/run-steps.ts";
const outcome = await runSteps(${steps}, 3);
process.exitCode = outcome.exitCode;`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

const node = (code: string) => JSON.stringify([process.execPath, "-e", code]);

describe("running npm test's steps", () => {
  it("prints the first failure's output last, after a line for each step it stopped", async () => {
    const { code, output } = await printedBy(`[
      { name: "slow", command: ${node("console.log('slow step half done'); setTimeout(() => {}, 60000)")} },
      { name: "broken", command: ${node("setTimeout(() => { console.log('the reason it broke'); process.exit(3) }, 300)")} },
    ]`);
    expect(code).toBe(3);
    const lines = output.trim().split("\n");
    expect(lines.at(-1)).toMatch(/^✖ broken failed \(\d+\.\d s\), exit code 3$/);
    expect(lines.slice(-4, -1).join("\n")).toBe("▶ broken\nthe reason it broke\n");
    expect(output).toMatch(/■ slow stopped after \d+\.\d s: another step failed/);
    expect(output).not.toContain("slow step half done");
  });

  it("prints each passing step's output whole, with its time", async () => {
    const { code, output } = await printedBy(`[{ name: "fine", command: ${node("console.log('all good')")} }]`);
    expect(code).toBe(0);
    expect(output).toMatch(/▶ fine\nall good\n✔ fine \(\d+\.\d s\)/);
  });
});
