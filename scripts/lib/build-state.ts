import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "inngest", "public", "next.config.ts", "package.json", "postcss.config.mjs", "tsconfig.json"];
const SKIP = new Set(["generated", "node_modules"]);

/** Latest modification time among the files that go into `next build`. */
export function newestSourceChange(root: string): number {
  let newest = 0;
  const visit = (file: string) => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) if (!SKIP.has(entry) && !entry.endsWith(".test.ts")) visit(path.join(file, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const source of SOURCES) visit(path.join(root, source));
  return newest;
}
