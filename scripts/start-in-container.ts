/**
 * The container's command: `npm start` (scripts/start.ts) with Next's settings taken from the
 * build, as Next's own standalone server takes them, instead of loading next.config.ts. Loading it
 * needs what the image leaves out (Next's native compiler and its webpack), and the settings it
 * would give are those the build already wrote to `.next/required-server-files.json`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const built = path.resolve(import.meta.dirname, "../.next/required-server-files.json");
const { config } = JSON.parse(readFileSync(built, "utf8")) as { config: unknown };
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
await import("./start");
