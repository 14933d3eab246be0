import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createRouteHandler } from "uploadthing/server";
import { config, decodeUploadThingToken } from "../config";
import { ApiError } from "../errors";
import { consumeRateLimit, rateLimitHeaders } from "../rate-limit";
import { BODY_LIMITS, readCappedText } from "../request/read-body";
import { clientAddress } from "../request/server-headers";
import { uploadthingOptions } from "../storage";
import { errorResponse, withHeaders } from "./respond";
import { pdfFileRouter, refusalOf } from "./uploadthing-router";

/** Per client address and minute: the browser's upload requests (and its reads of the route's config) and UploadThing's callbacks. */
export const UPLOADTHING_REQUESTS_PER_MINUTE = 120;

/**
 * The upload action carries the whole upload form as JSON: an agreement of 20,000 characters (up to
 * 3 bytes each in UTF-8) and allow and block lists of 500 addresses each do not fit the API's 64 KB,
 * which every other request here (UploadThing's callbacks included) keeps.
 */
const UPLOAD_ACTION_MAX_BYTES = 512 * 1024;

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
      const uploadAction = new URL(req.url).searchParams.get("actionType") === "upload";
      const body = method === "POST" ? await readCappedText(req, uploadAction ? UPLOAD_ACTION_MAX_BYTES : BODY_LIMITS.apiJson) : null;
      // UploadThing calls back from its own few addresses for every owner's upload: a callback it signed is not counted.
      if (body === null || !signedByUploadThing(req, body)) {
        const limit = await consumeRateLimit(`uploadthing:${clientAddress(req)}`, new Date(), UPLOADTHING_REQUESTS_PER_MINUTE);
        if (!limit.allowed) {
          throw new ApiError("rate_limited", `Too many upload requests. Retry in ${limit.retryAfter} s.`, {
            headers: rateLimitHeaders(limit),
          });
        }
      }
      if (body === null) return withHeaders(await handle(req), base);
      const forwarded = new Request(req.url, { method: "POST", headers: req.headers, body });
      const response = await handle(forwarded);
      const refusal = refusalOf(forwarded);
      if (!refusal) return withHeaders(response, base);
      await response.body?.cancel();
      return errorResponse(refusal, requestId, base);
    } catch (error) {
      return errorResponse(error, requestId, base);
    }
  };
  return { GET: (req: Request) => guarded(req, "GET"), POST: (req: Request) => guarded(req, "POST") };
}

/** Whether UploadThing signed this hook's body with the app's API key (as the SDK checks it: `hmac-sha256=<hex>`). */
function signedByUploadThing(req: Request, body: string): boolean {
  const given = req.headers.get("x-uploadthing-signature");
  const token = uploadthingOptions()?.token;
  const apiKey = token ? decodeUploadThingToken(token)?.apiKey : undefined;
  if (!req.headers.get("uploadthing-hook") || !given || !apiKey) return false;
  const expected = Buffer.from(`hmac-sha256=${createHmac("sha256", apiKey).update(body).digest("hex")}`);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
