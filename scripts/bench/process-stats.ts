import { readFileSync } from "node:fs";

/** A process's resident memory in bytes (Linux's statm counts 4 KiB pages); 0 once it is gone. */
export function residentBytes(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * 4096;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds of a process (Linux counts them in 1/100 s); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The highest resident memory of `pid` seen since the last `take()`, sampled every `everyMs`: a
 * burst's peak lasts less than the burst, so a figure read only at its end misses it.
 */
export function residentPeaks(pid: number, everyMs = 100) {
  let peak = residentBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), everyMs);
  return {
    take(): number {
      const seen = Math.max(peak, residentBytes(pid));
      peak = residentBytes(pid);
      return seen;
    },
    stop: () => clearInterval(timer),
  };
}

export const MB = 1024 * 1024;
export const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
