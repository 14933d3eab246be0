import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, keyed with the whole
 * webhook secret (`whsec_…`) as UTF-8 (Stripe's scheme, so Stripe's verifiers accept it too).
 */
export const SIGNATURE_HEADER = "X-Service-Signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function computeSignature(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.`).update(rawBody).digest("hex");
}

export function signatureHeader(secret: string, rawBody: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, rawBody)}`;
}

/**
 * For receivers: true when `header` is a valid signature of `rawBody` made with `secret` within
 * `toleranceSeconds` of now (either direction). Compares in constant time.
 */
export function verifyWebhookSignature(
  rawBody: string | Buffer,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === "t" && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === "v1") signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(computeSignature(secret, timestamp, rawBody), "utf8");
  return signatures.some((signature) => {
    const actual = Buffer.from(signature, "utf8");
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}
