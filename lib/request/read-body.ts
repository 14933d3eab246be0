import { ApiError } from "../errors";

const KIB = 1024;
/** Body limits: far above what a real client sends, far below what could cost the server. */
export const BODY_LIMITS = {
  /** API JSON bodies (document settings, webhook configuration). */
  apiJson: 64 * KIB,
  /** The viewer's password and gate forms. */
  viewerForm: 8 * KIB,
  /** A reader's question: 4,000 characters, each up to 6 bytes as JSON escapes them. */
  question: 32 * KIB,
  /** Reading beacons. */
  track: 64 * KIB,
  /** A team's logo, before it is decoded (lib/branding/logo-image.ts). */
  logo: 1024 * KIB,
  /** Inngest's calls to run a function step. */
  inngest: 4 * 1024 * KIB,
} as const;

const tooLarge = (maxBytes: number) =>
  new ApiError(
    "payload_too_large",
    `The request body is larger than the ${maxBytes >= 1024 * KIB ? `${maxBytes / 1024 / KIB} MB` : `${maxBytes / KIB} KB`} allowed here.`,
  );

/**
 * A request body as text, never holding more than `maxBytes`: refused by its Content-Length when
 * that is too large, otherwise read as a stream and cut off at the limit (413 payload_too_large).
 */
export async function readCappedText(req: Request, maxBytes: number): Promise<string> {
  return (await readCappedBytes(req, maxBytes)).toString("utf8");
}

/** A request body's bytes under the same cap as `readCappedText` (an uploaded logo). */
export async function readCappedBytes(req: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await req.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("bad_request", "The request body was cut off before it ended.");
  }
  return Buffer.concat(chunks);
}
