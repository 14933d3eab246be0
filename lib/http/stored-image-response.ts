import { Readable } from "node:stream";
import { CONTENT_LENGTH_HEADER } from "../request/server-headers";

/**
 * An image we made and stored (a page image, a team's logo), streamed with its length and the type
 * we gave it, never sniffed. `cacheControl` says who may keep it and for how long.
 */
export function storedImageResponse(
  image: { body: Readable; size: number },
  type: "image/webp" | "image/png",
  cacheControl: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(Readable.toWeb(image.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": type,
      [CONTENT_LENGTH_HEADER]: String(image.size),
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
