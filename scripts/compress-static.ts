/** After `next build`: the build's scripts and styles compressed with Brotli beside them, for npm start's server (lib/http/brotli-static.ts). */
import path from "node:path";
import { precompressStatic } from "../lib/http/brotli-static";

const written = await precompressStatic(path.resolve(import.meta.dirname, "../.next/static"));
console.log(`Compressed ${written} static file(s) with Brotli`);
