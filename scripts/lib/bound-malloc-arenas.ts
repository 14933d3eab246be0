/**
 * Imported first by scripts/start.ts: restarts the process in place (same pid, so signals and
 * whoever waits on it are unaffected) with MALLOC_ARENA_MAX set, unless it is set already.
 *
 * Why: glibc gives every thread that allocates its own malloc arena, up to 8 per core, and an arena
 * keeps its high-water mark after the memory is freed. The web process's threads (libuv's pool,
 * libvips's workers drawing readers' watermarks) each grew one: after 20 readers of a watermarked
 * link it had 16 arenas holding 290 MB. Two arenas bound that; the allocations they share are
 * short (an image's pixels while it is encoded). glibc reads the variable only when the
 * process starts, hence the restart; Node without `process.execve` (before 22.15) runs as before.
 */
const ARENAS = "2";

if (process.platform === "linux" && process.env.MALLOC_ARENA_MAX === undefined && typeof process.execve === "function") {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: ARENAS,
  });
}
