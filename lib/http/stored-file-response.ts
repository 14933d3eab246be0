import { Readable } from "node:stream";
import { CONTENT_LENGTH_HEADER } from "../request/server-headers";

/**
 * A file we made and stored (a page image or its layers, a team's logo), streamed with its length
 * and the type we gave it, never sniffed. `cacheControl` says who may keep it and for how long.
 */
export function storedFileResponse(
  file: { body: Readable; size: number },
  type: "image/webp" | "image/png" | "application/json",
  cacheControl: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": type,
      [CONTENT_LENGTH_HEADER]: String(file.size),
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
