import { createServer, type Server } from "node:http";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsBrotli, BrotliStatic, precompressStatic } from "./brotli-static";

const script = `export const pages = [${Array.from({ length: 400 }, (_, i) => `"page ${i}"`).join(",")}];\n`;
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "pagewise-brotli-"));
  await mkdir(path.join(dir, "static/chunks"), { recursive: true });
  await writeFile(path.join(dir, "static/chunks/0abc_d-e.js"), script);
  await writeFile(path.join(dir, "secret.js"), script);
  expect(await precompressStatic(path.join(dir, "static"))).toBe(1);
  const brotli = new BrotliStatic(path.join(dir, "static"));
  // What start.ts does: the compressed file when it applies, else whatever Next would answer.
  server = createServer((req, res) => brotli.serve(req, res) || res.writeHead(299, { "x-left-to": "next" }).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** The raw answer (fetch would decode it): status, headers and the bytes as sent. */
async function get(url: string, acceptEncoding: string, method = "GET") {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${url}`, { method, headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the build's scripts in Brotli", () => {
  it("sends a script compressed with Brotli to a browser that takes it, with the headers Next sends for it", async () => {
    const answer = await get("/_next/static/chunks/0abc_d-e.js", "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["vary"]).toBe("Accept-Encoding");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("answers HEAD with the headers alone", async () => {
    const answer = await get("/_next/static/chunks/0abc_d-e.js", "br", "HEAD");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.length).toBe(0);
  });

  it("leaves to Next a browser without Brotli, a file it does not hold, and any path outside the build's own names", async () => {
    for (const [url, encoding] of [
      ["/_next/static/chunks/0abc_d-e.js", "gzip, deflate"],
      ["/_next/static/chunks/0abc_d-e.js", "gzip, br;q=0"],
      ["/_next/static/chunks/missing.js", "br"],
      ["/_next/static/chunks/0abc_d-e.js.br", "br"],
      ["/_next/static/chunks/../../secret.js", "br"],
      ["/_next/static/chunks/%2e%2e/%2e%2e/secret.js", "br"],
      ["/_next/static/chunks/0abc_d-e.js?x=1", "br"],
    ]) {
      const answer = await get(url!, encoding!);
      expect({ url, encoding, status: answer.status, leftTo: answer.headers["x-left-to"] }).toEqual({
        url,
        encoding,
        status: 299,
        leftTo: "next",
      });
    }
  });

  it("remembers no name it was asked for that the build does not have: a flood of made-up names costs no memory", async () => {
    const brotli = new BrotliStatic(path.join(dir, "static"));
    const kept = (brotli as unknown as { compressed: Map<string, Buffer> }).compressed;
    for (let i = 0; i < 200; i++) {
      const req = { method: "GET", url: `/_next/static/chunks/made-up-${i}.js`, headers: { "accept-encoding": "br" } };
      expect(brotli.serve(req as never, {} as never)).toBe(false);
    }
    expect(kept.size).toBe(0);
  });

  it("reads Accept-Encoding as browsers write it", () => {
    expect(acceptsBrotli("gzip, deflate, br")).toBe(true);
    expect(acceptsBrotli("BR;q=0.5")).toBe(true);
    expect(acceptsBrotli(["gzip", "br"])).toBe(true);
    expect(acceptsBrotli("gzip, br;q=0")).toBe(false);
    expect(acceptsBrotli("gzip, brotli")).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});
