import { spawnSync, type SpawnSyncOptions } from "node:child_process";

/** Runs a command with its output shown; throws when it fails, naming the command. */
export function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

/** Runs a command and returns its standard output, trimmed; throws with its error output when it fails. */
export function output(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`}): ${String(result.stderr).trim()}`,
    );
  }
  return String(result.stdout).trim();
}

/** Whether a podman command succeeds, its output discarded (an existence check). */
export function succeeds(args: string[]): boolean {
  return spawnSync("podman", args, { stdio: "ignore" }).status === 0;
}
