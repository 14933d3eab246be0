import type { IncomingMessage, ServerResponse } from "node:http";
import { readdir, readFile } from "node:fs/promises";
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
 * The build's scripts and styles compressed with Brotli once, at its highest quality, kept in
 * memory and sent to browsers that take it. Next's server only gzips, and a reader's phone pays for
 * every byte of the viewer's first scripts: Brotli sends about a quarter fewer. Files are
 * compressed in the background after the server starts (`warm`); until one is ready, and for any
 * other request, `serve` answers false and Next serves as before.
 */
export class BrotliStatic {
  private readonly compressed = new Map<string, Buffer>();

  constructor(private readonly staticDir: string) {}

  /** Compresses every script and style of the build, one at a time (each on the thread pool). */
  async warm(): Promise<void> {
    for (const folder of ["chunks", "css"]) {
      const names = await readdir(path.join(this.staticDir, folder)).catch(() => [] as string[]);
      for (const name of names) {
        const match = STATIC_FILE.exec(`/_next/static/${folder}/${name}`);
        if (!match) continue;
        const file = await readFile(path.join(this.staticDir, folder, name));
        if (file.length > MAX_FILE_BYTES) continue;
        const brotli = await compress(file, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: file.length },
        });
        if (brotli.length < file.length) this.compressed.set(`${folder}/${name}`, brotli);
      }
    }
  }

  /** Sends the compressed file when the request is for one and the browser takes Brotli; false leaves the request to Next. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const match = STATIC_FILE.exec(req.url ?? "");
    if (!match || !acceptsBrotli(req.headers["accept-encoding"])) return false;
    const body = this.compressed.get(`${match[1]}/${match[2]}`);
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
