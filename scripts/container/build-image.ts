import { existsSync } from "node:fs";
import path from "node:path";
import { output, run } from "./podman";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Podman's own open-file limit for a build step here is 1024, too few for `npm ci` reading a
 * shared cache; the host's hard limit is the most a step may be given.
 */
function openFileLimit(): string {
  const hard = output("sh", ["-c", "ulimit -Hn"]);
  return /^\d+$/.test(hard) ? `${hard}:${hard}` : "1048576:1048576";
}

/**
 * The host's npm cache, lent to the build's `npm ci` as an overlay: it reads what the host has
 * downloaded already, and what it writes stays in the build, never in the host's cache.
 */
function npmCacheVolume(): string[] {
  const cache = output("npm", ["config", "get", "cache"]);
  return existsSync(cache) ? ["-v", `${cache}:/root/.npm:O`] : [];
}

/** Builds the project's Dockerfile, unchanged, into `tag` (a `target` stage, or the last one). */
export function buildImage(tag: string, target?: string): void {
  run("podman", [
    "build",
    "--pull=never",
    // Docker's format keeps HEALTHCHECK, which OCI's image format has no field for.
    "--format=docker",
    `--ulimit=nofile=${openFileLimit()}`,
    ...npmCacheVolume(),
    ...(target ? [`--target=${target}`] : []),
    `--tag=${tag}`,
    ROOT,
  ]);
}

/** The image's size in MB (10^6 bytes, as `podman images` and registries print it). */
export function imageSizeMb(tag: string): number {
  return Math.round(Number(output("podman", ["image", "inspect", "--format", "{{.Size}}", tag])) / 1e6);
}

/** Removes the images no tag needs (a rebuilt stage's predecessors); answers how many. */
export function pruneImages(): number {
  return output("podman", ["image", "prune", "--force"]).split("\n").filter(Boolean).length;
}
