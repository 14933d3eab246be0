import type { IncomingMessage, ServerResponse } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { SECURITY_HEADERS } from "./security-headers";

const compress = promisify(brotliCompress);

// The build's own file names (content-hashed), one folder deep: nothing else, and no `..`, is looked up.
const STATIC_FILE = /^\/_next\/static\/(chunks|css)\/([A-Za-z0-9_-][A-Za-z0-9_.-]*\.(js|css))$/;
const CONTENT_TYPES: Record<string, string> = { js: "application/javascript; charset=UTF-8", css: "text/css; charset=UTF-8" };
// Larger files (none in a build today) stay with Next's gzip rather than sit in memory twice.
const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** Whether an Accept-Encoding header takes Brotli (`br`, not refused with `q=0`). */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((part) => {
    const [coding, ...params] = part.trim().split(";");
    if (coding!.trim().toLowerCase() !== "br") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Writes each of the build's scripts and styles (`.next/static/{chunks,css}`) compressed with Brotli
 * at its highest quality beside it (`<name>.br`), once per build: about 3 s of one core for a build,
 * which the server would otherwise spend at every start. Run after `next build` (npm test's build
 * step, npm start's own build, `npm run build`).
 */
export async function precompressStatic(staticDir: string): Promise<number> {
  let written = 0;
  for (const folder of ["chunks", "css"]) {
    const names = await readdir(path.join(staticDir, folder)).catch(() => [] as string[]);
    for (const name of names) {
      if (!STATIC_FILE.test(`/_next/static/${folder}/${name}`)) continue;
      const file = path.join(staticDir, folder, name);
      const original = await readFile(file);
      if (original.length > MAX_FILE_BYTES) continue;
      const brotli = await compress(original, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: original.length },
      });
      if (brotli.length >= original.length) continue;
      // Renamed into place: a server reading it meanwhile finds the whole file or none.
      await writeFile(`${file}.br.tmp`, brotli);
      await rename(`${file}.br.tmp`, `${file}.br`);
      written++;
    }
  }
  return written;
}

/**
 * The build's scripts and styles as `precompressStatic` left them, sent to browsers that take
 * Brotli. Next's server only gzips, and a reader's phone pays for every byte of the viewer's first
 * scripts: Brotli at its highest quality sends about a seventh fewer. Each file is read once (a few
 * KiB to a few hundred, the build's own) and kept; a file without its `.br`, and any other request,
 * `serve` leaves to Next, which serves it as before.
 */
export class BrotliStatic {
  // Only files that exist are kept (the build's own, a bounded set): a name asked for that has no `.br` is looked up again, never remembered.
  private readonly compressed = new Map<string, Buffer>();

  constructor(private readonly staticDir: string) {}

  private compressedFile(relative: string): Buffer | null {
    const kept = this.compressed.get(relative);
    if (kept) return kept;
    const file = path.join(this.staticDir, `${relative}.br`);
    if (!existsSync(file)) return null;
    const read = readFileSync(file);
    this.compressed.set(relative, read);
    return read;
  }

  /** Sends the compressed file when the request is for one and the browser takes Brotli; false leaves the request to Next. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const match = STATIC_FILE.exec(req.url ?? "");
    if (!match || !acceptsBrotli(req.headers["accept-encoding"])) return false;
    const body = this.compressedFile(`${match[1]}/${match[2]}`);
    if (!body) return false;
    for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
    res.writeHead(200, {
      "Content-Type": CONTENT_TYPES[match[3]!]!,
      "Content-Encoding": "br",
      "Content-Length": body.length,
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }
}
