/** Headers set by our server (scripts/start.ts) that route handlers rely on. */

/**
 * Next.js drops Content-Length from streamed route responses; a route that knows its length sends
 * it in this header and the server (scripts/start.ts) restores Content-Length from it. pdf.js
 * needs Content-Length on the first response to switch to range requests.
 */
export const CONTENT_LENGTH_HEADER = "x-pagewise-content-length";

/** Set by the server (scripts/start.ts) on every request, overwriting anything a client sent. */
export const CLIENT_IP_HEADER = "x-pagewise-client-ip";

/** The client's address as limits count it (set by the server for every request; see lib/client-address.ts). */
export function clientAddress(source: Request | Headers): string {
  const headers = source instanceof Headers ? source : source.headers;
  return headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
