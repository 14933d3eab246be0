import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseByteRange } from "@/lib/viewer/files/byte-range";
import { bytesWithin, fetchPdfOpening, fetchRange, PDF_CHUNK_BYTES, planOpening } from "./pdf-opening";

/** A file served the way the share link's file route serves it (its own Range parser), recording each Range asked. */
function serve(file: Buffer, status?: number) {
  const ranges: Array<string | null> = [];
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    const header = new Headers(init.headers).get("range");
    ranges.push(header);
    if (status) return new Response(null, { status });
    const range = parseByteRange(header, file.length);
    if (range === "unsatisfiable") return new Response(null, { status: 416 });
    if (!range) return new Response(new Uint8Array(file), { status: 200 });
    return new Response(new Uint8Array(file.subarray(range.start, range.end + 1)), {
      status: 206,
      headers: { "Content-Range": `bytes ${range.start}-${range.end}/${file.length}` },
    });
  });
  return ranges;
}

let nextUrl = 0;
const url = () => `/s/code/file?v=full&k=${nextUrl++}`;
afterEach(() => vi.unstubAllGlobals());

describe("the opening of a PDF", () => {
  it("asks for the first chunk and the last 256 KiB at once, never the whole of a large file", async () => {
    const file = randomBytes(18 * 1024 * 1024 + 12_345);
    const ranges = serve(file);
    const plan = planOpening(await fetchPdfOpening(url()));
    expect(ranges).toEqual([`bytes=0-${PDF_CHUNK_BYTES - 1}`, `bytes=-${2 * PDF_CHUNK_BYTES}`]);
    if ("whole" in plan) throw new Error("a large file is not read whole");
    expect(plan.size).toBe(file.length);
    expect(Buffer.from(plan.head).equals(file.subarray(0, PDF_CHUNK_BYTES))).toBe(true);
    // The end starts on a chunk boundary and runs to the last byte.
    expect(plan.tail.start % PDF_CHUNK_BYTES).toBe(0);
    expect(plan.tail.start).toBeLessThanOrEqual(file.length - PDF_CHUNK_BYTES);
    expect(Buffer.from(plan.tail.bytes).equals(file.subarray(plan.tail.start))).toBe(true);
  });

  it("takes a file no larger than the end it asks for whole, from one answer", async () => {
    const file = randomBytes(1181);
    serve(file);
    const plan = planOpening(await fetchPdfOpening(url()));
    expect("whole" in plan && Buffer.from(plan.whole).equals(file)).toBe(true);
  });

  it("takes a file whole when the server ignores Range and sends all of it", async () => {
    const file = randomBytes(3 * PDF_CHUNK_BYTES);
    vi.stubGlobal("fetch", async () => new Response(new Uint8Array(file), { status: 200 }));
    const plan = planOpening(await fetchPdfOpening(url()));
    expect("whole" in plan && Buffer.from(plan.whole).equals(file)).toBe(true);
  });

  it("is fetched once per file however many times it is asked for", async () => {
    const ranges = serve(randomBytes(4 * PDF_CHUNK_BYTES));
    const same = url();
    const [first, second] = await Promise.all([fetchPdfOpening(same), fetchPdfOpening(same)]);
    expect(first).toBe(second);
    expect(ranges).toHaveLength(2);
  });

  it("fails when the file is refused, and asks again on the next attempt", async () => {
    const same = url();
    serve(randomBytes(10), 403);
    await expect(fetchPdfOpening(same)).rejects.toThrow("(403)");
    const file = randomBytes(10);
    serve(file);
    const plan = planOpening(await fetchPdfOpening(same));
    expect("whole" in plan && Buffer.from(plan.whole).equals(file)).toBe(true);
  });
});

describe("a byte range", () => {
  it("is read with its position in the file", async () => {
    const file = randomBytes(5 * PDF_CHUNK_BYTES);
    serve(file);
    const span = await fetchRange(url(), `bytes=${PDF_CHUNK_BYTES}-${3 * PDF_CHUNK_BYTES - 1}`);
    expect(span.start).toBe(PDF_CHUNK_BYTES);
    expect(span.size).toBe(file.length);
    expect(Buffer.from(span.bytes).equals(file.subarray(PDF_CHUNK_BYTES, 3 * PDF_CHUNK_BYTES))).toBe(true);
  });

  it("is refused when its Content-Range does not match the bytes that came", async () => {
    vi.stubGlobal("fetch", async () => new Response(new Uint8Array(10), { status: 206, headers: { "Content-Range": "bytes 0-99/1000" } }));
    await expect(fetchRange(url(), "bytes=0-99")).rejects.toThrow("malformed");
  });

  it("answers a part of a span only when the span holds all of it", () => {
    const span = { start: 100, bytes: Uint8Array.from({ length: 50 }, (_, i) => i), size: 1000 };
    expect([...bytesWithin(span, 110, 113)!]).toEqual([10, 11, 12]);
    expect(bytesWithin(span, 100, 150)).toHaveLength(50);
    expect(bytesWithin(span, 99, 110)).toBeNull();
    expect(bytesWithin(span, 140, 151)).toBeNull();
  });
});
