import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { PDF_WORKER_PATH } from "@/lib/viewer/files/pdf-worker-path";
import { GET } from "./route";

const get = (file: string) => GET(new Request(`http://localhost/pdf-worker/${file}`), { params: Promise.resolve({ file }) });

describe("the pdf.js worker route", () => {
  it("serves the installed pdf.js worker under its version, cacheable for good", async () => {
    const response = await get(PDF_WORKER_PATH.split("/").pop()!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const expected = await readFile("node_modules/pdfjs-dist/build/pdf.worker.min.mjs");
    expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
  });

  it("answers 404 for any other name", async () => {
    for (const file of ["1.0.0.mjs", "..%2Fpackage.json", "pdf.worker.min.mjs"]) expect((await get(file)).status, file).toBe(404);
  });
});
