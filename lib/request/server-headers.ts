import { readClientAddress } from "./client-address";

/** Headers set by our server (scripts/start.ts) that route handlers rely on. */

/**
 * Next.js drops Content-Length from streamed route responses; a route that knows its length sends
 * it in this header and the server (scripts/start.ts) restores Content-Length from it. pdf.js
 * needs Content-Length on the first response to switch to range requests.
 */
export const CONTENT_LENGTH_HEADER = "x-pagewise-content-length";

/** The client's address as limits count it (stamped on every request; see lib/http/client-address.ts). */
export function clientAddress(source: Request | Headers): string {
  return readClientAddress(source instanceof Headers ? source : source.headers);
}
