import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A separately started PostgreSQL 15 from Debian's packages, to prove the DATABASE_URL mode. */
const BIN = "/usr/lib/postgresql/15/bin";

function asPostgres(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function run(bin: string, args: string[]) {
  const result = spawnSync(path.join(BIN, bin), args, { ...asPostgres(), encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed: ${result.stderr}${result.stdout}`);
}

export function startSystemPostgres(port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "pagewise-pg15-"));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "app", "--auth=trust", "-E", "UTF8", "--no-instructions"]);
  const start = () =>
    run("pg_ctl", [
      "start",
      "-D",
      data,
      "-w",
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
    ]);
  const stop = () => run("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w"]);
  start();
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "app", "pagewise_ext"]);
  return {
    url: `postgresql://app@127.0.0.1:${port}/pagewise_ext`,
    start,
    stop,
    remove: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
