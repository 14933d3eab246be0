import { readFile } from "node:fs/promises";
import path from "node:path";

let script: Promise<Buffer> | undefined;

/** Scalar's standalone browser bundle, served from our own origin. */
export async function GET() {
  script ??= readFile(path.join(process.cwd(), "node_modules/@scalar/api-reference/dist/browser/standalone.js"));
  return new Response(new Uint8Array(await script), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
