import { randomUUID } from "node:crypto";
import { createRouteHandler } from "uploadthing/server";
import { config } from "../config";
import { ApiError } from "../errors";
import { consumeRateLimit, rateLimitHeaders } from "../rate-limit";
import { BODY_LIMITS, readCappedText } from "../request/read-body";
import { clientAddress } from "../request/server-headers";
import { uploadthingOptions } from "../storage";
import { errorResponse, withHeaders } from "./respond";
import { pdfFileRouter } from "./uploadthing-router";

/** Per client address and minute: the browser's upload requests (and its reads of the route's config) and UploadThing's callbacks. */
export const UPLOADTHING_REQUESTS_PER_MINUTE = 120;

type Handler = ReturnType<typeof createRouteHandler>;
let handler: Handler | undefined;

/** Built on first use: the file router reads the configuration, which a build must not need. */
function uploadthingHandler(): Handler {
  const options = uploadthingOptions();
  if (!options) throw new ApiError("not_found", "Uploads through UploadThing are not enabled on this server: set UPLOADTHING_TOKEN.");
  handler ??= createRouteHandler({
    router: pdfFileRouter(),
    // The callback goes to the public address, not to whatever host a proxy forwarded the request to.
    config: { ...options, callbackUrl: `${config().APP_URL}/api/uploadthing`, logLevel: "Error" },
  });
  return handler;
}

/**
 * `/api/uploadthing`: UploadThing's own protocol (the browser asks for an upload URL; UploadThing
 * calls back, signed, once it has the file), behind the same doors as every route — a rate limit
 * per address, a bounded body, and errors in the envelope when the request never reaches it.
 */
export function uploadthingRoute() {
  const guarded = async (req: Request, method: "GET" | "POST"): Promise<Response> => {
    const requestId = randomUUID();
    const base = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
    try {
      const handle = uploadthingHandler();
      const limit = await consumeRateLimit(`uploadthing:${clientAddress(req)}`, new Date(), UPLOADTHING_REQUESTS_PER_MINUTE);
      if (!limit.allowed) {
        throw new ApiError("rate_limited", `Too many upload requests. Retry in ${limit.retryAfter} s.`, {
          headers: rateLimitHeaders(limit),
        });
      }
      if (method === "GET") return withHeaders(await handle(req), base);
      const body = await readCappedText(req, BODY_LIMITS.apiJson);
      return withHeaders(await handle(new Request(req.url, { method: "POST", headers: req.headers, body })), base);
    } catch (error) {
      return errorResponse(error, requestId, base);
    }
  };
  return { GET: (req: Request) => guarded(req, "GET"), POST: (req: Request) => guarded(req, "POST") };
}
