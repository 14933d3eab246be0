import { DocumentGoneError, refusedAsGone } from "../gone-document";
import { OtherVersionError, refusedAsOtherVersion } from "../other-version";

/** pdf.js asks for the file in chunks of this size (its ranges start on multiples of it). */
export const PDF_CHUNK_BYTES = 128 * 1024;
/** The end of the file asked for up front: room for a large cross-reference table and page tree. */
const TAIL_BYTES = 2 * PDF_CHUNK_BYTES;

/** Bytes of the file at `start`, and the file's size. */
export type ByteSpan = { start: number; bytes: Uint8Array; size: number };

/**
 * The two ends of a PDF, fetched in parallel: the first chunk (header, and often page 1's content)
 * and the last bytes (where a PDF keeps its cross-reference table and trailer). pdf.js needs both
 * before it can draw page 1, and on its own it finds the size with a full GET it then aborts, reads
 * the first chunk, and only then the end: three round trips in a row, after its worker has loaded.
 * A file no larger than the tail arrives whole.
 */
export type PdfOpening = { head: ByteSpan; tail: ByteSpan };

/** The `Range` of the first chunk and of the tail, in that order. */
export const OPENING_RANGES = [`bytes=0-${PDF_CHUNK_BYTES - 1}`, `bytes=-${TAIL_BYTES}`] as const;

const openings = new Map<string, Promise<PdfOpening>>();

export function fetchPdfOpening(url: string): Promise<PdfOpening> {
  let opening = openings.get(url);
  if (!opening) {
    const [head, tail] = [requestRange(url, OPENING_RANGES[0]), requestRange(url, OPENING_RANGES[1])];
    opening = Promise.all([head.then(readSpan), tail.then(readSpan)]).then(([head, tail]) => ({ head, tail }));
    // A failed opening is not kept: the next attempt (a remount, the full file after the gate) asks again.
    opening.catch(() => openings.delete(url));
    openings.set(url, opening);
  }
  return opening;
}

function requestRange(url: string, range: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { headers: { Range: range }, signal, credentials: "same-origin" });
}

/** One `Range` request; a 200 (the server sent the whole file) is a span from 0. */
export async function fetchRange(url: string, range: string, signal?: AbortSignal): Promise<ByteSpan> {
  return readSpan(await requestRange(url, range, signal));
}

async function readSpan(response: Response): Promise<ByteSpan> {
  if (refusedAsOtherVersion(response)) throw new OtherVersionError();
  if (refusedAsGone(response)) throw new DocumentGoneError();
  if (response.status !== 200 && response.status !== 206) throw new Error(`The PDF could not be loaded (${response.status}).`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status === 200) return { start: 0, bytes, size: bytes.length };
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get("content-range") ?? "");
  if (!match || Number(match[2]) - Number(match[1]) + 1 !== bytes.length) throw new Error("The PDF's byte range answer is malformed.");
  return { start: Number(match[1]), bytes, size: Number(match[3]) };
}

/**
 * What pdf.js gets: the whole file when one end held all of it, else the size, the first chunk and
 * the end cut to start on a chunk boundary (pdf.js asks only for whole chunks).
 */
export type OpeningPlan = { whole: Uint8Array } | { size: number; head: Uint8Array; tail: ByteSpan };

export function planOpening({ head, tail }: PdfOpening): OpeningPlan {
  if (tail.start === 0) return { whole: tail.bytes };
  if (head.bytes.length >= head.size) return { whole: head.bytes };
  const start = Math.ceil(tail.start / PDF_CHUNK_BYTES) * PDF_CHUNK_BYTES;
  return { size: tail.size, head: head.bytes, tail: { start, bytes: tail.bytes.subarray(start - tail.start), size: tail.size } };
}

/** Bytes `begin` (inclusive) to `end` (exclusive) when the span holds all of them, else null. */
export function bytesWithin(span: ByteSpan, begin: number, end: number): Uint8Array | null {
  if (begin < span.start || end > span.start + span.bytes.length) return null;
  return span.bytes.subarray(begin - span.start, end - span.start);
}
