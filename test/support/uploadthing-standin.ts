import busboy from "busboy";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for UploadThing's REST API, its ingest server and its file host (ufs), speaking
 * exactly what `uploadthing@7.7.4` sends (see the version pinned in package.json):
 *
 * - ingest: `HEAD` and `PUT /<fileKey>?<signed>` (the browser's and the server SDK's uploads, a
 *   multipart body with a `file` field), `POST /route-metadata` (the file router registers a
 *   client upload's metadata and callback URL), `POST /callback-result` (the file router's answer);
 * - API: `POST /v6/deleteFiles`, `POST /v6/listFiles`;
 * - ufs: `GET`/`HEAD /a/<appId>/<fileKey or customId>?<signed>`, with byte ranges.
 *
 * Like the real service it checks the HMAC signatures and expiry of presigned URLs, the API key on
 * API calls, the declared size of an upload, and that a customId is unique; after a client upload
 * it calls the app's file router back (the production path: `uploadthing-hook: callback`, signed
 * body) and answers the browser's PUT with the router's `serverData`. The development stream
 * (`isDev`) is not implemented: the app runs in production mode under test.
 */

export type StandInFile = {
  key: string;
  customId: string | null;
  name: string;
  size: number;
  type: string;
  /** The access the upload asked for (`x-ut-acl` of its signed URL), null when it asked for none: UploadThing's app default. */
  acl: string | null;
  bytes: Buffer;
  uploadedAt: number;
};

type Registration = { metadata: unknown; callbackUrl: string; callbackSlug: string; awaitServerData: boolean };

export type UploadThingStandIn = {
  url: string;
  appId: string;
  apiKey: string;
  /** What the app needs in its environment to use the stand-in. */
  env: Record<string, string>;
  files: Map<string, StandInFile>;
  /** Every API request, in order, as `METHOD path` (for tests that check what was called). */
  calls: string[];
  /** Holds every callback to the app (and so the browser's PUT) until the returned function is called. */
  holdCallbacks: () => () => void;
  close: () => Promise<void>;
};

const MAX_API_BODY = 1024 * 1024;

export async function startUploadThingStandIn(): Promise<UploadThingStandIn> {
  const appId = `standin${randomBytes(4).toString("hex")}`;
  const apiKey = `sk_standin_${randomBytes(16).toString("hex")}`;
  const files = new Map<string, StandInFile>();
  const registrations = new Map<string, Registration>();
  const callbackResults = new Map<string, (data: unknown) => void>();
  const calls: string[] = [];
  let base = "";
  let callbacksHeld: Promise<void> = Promise.resolve();

  const sign = (payload: string) => `hmac-sha256=${createHmac("sha256", apiKey).update(payload).digest("hex")}`;
  // The SDK builds file URLs as http only for a host naming "local".
  const ufsBase = () => base.replace("127.0.0.1", "localhost");
  const ufsUrl = (key: string) => `${ufsBase()}/a/${appId}/${key}`;

  /** Checks a presigned URL as UploadThing does: the signature covers everything before it. */
  const verifiedQuery = (req: IncomingMessage, origin: string): URLSearchParams | null => {
    const raw = `${origin}${req.url}`;
    const at = raw.lastIndexOf("&signature=");
    if (at < 0) return null;
    const given = Buffer.from(decodeURIComponent(raw.slice(at + "&signature=".length)));
    const expected = Buffer.from(sign(raw.slice(0, at)));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const query = new URL(raw).searchParams;
    if (Number(query.get("expires")) < Date.now()) return null;
    return query;
  };

  const findFile = (keyOrCustomId: string) =>
    files.get(keyOrCustomId) ?? [...files.values()].find((file) => file.customId === keyOrCustomId) ?? null;

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: String(error) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Expose-Headers", "x-ut-range-start, content-range");
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, PUT, POST, OPTIONS");
      res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "*");
      res.writeHead(204).end();
      return;
    }
    const path = new URL(req.url ?? "/", "http://standin").pathname;
    calls.push(`${req.method} ${path}`);

    if (path.startsWith(`/a/${appId}/`)) return serveFile(req, res, decodeURIComponent(path.slice(`/a/${appId}/`.length)));
    if (req.method === "POST" && ["/route-metadata", "/callback-result", "/v6/deleteFiles", "/v6/listFiles"].includes(path)) {
      if (req.headers["x-uploadthing-api-key"] !== apiKey) return send(res, 401, { error: "Invalid API key" });
      const body = JSON.parse((await readBody(req, MAX_API_BODY)).toString("utf8") || "{}") as Record<string, unknown>;
      return api(path, body, res);
    }
    if ((req.method === "HEAD" || req.method === "PUT") && /^\/[A-Za-z0-9]+$/.test(path)) return ingest(req, res, path.slice(1));
    send(res, 404, { error: `The stand-in does not implement ${req.method} ${path}` });
  }

  function api(path: string, body: Record<string, unknown>, res: ServerResponse) {
    if (path === "/route-metadata") {
      if (body.isDev) return send(res, 400, { error: "The stand-in implements the production callback path only (isDev: false)." });
      for (const key of body.fileKeys as string[]) {
        registrations.set(key, {
          metadata: body.metadata,
          callbackUrl: String(body.callbackUrl),
          callbackSlug: String(body.callbackSlug),
          awaitServerData: body.awaitServerData !== false,
        });
      }
      return send(res, 200, { ok: true });
    }
    if (path === "/callback-result") {
      callbackResults.get(String(body.fileKey))?.(body.error ? { error: body.error } : { serverData: body.callbackData ?? null });
      return send(res, 200, { ok: true });
    }
    if (path === "/v6/deleteFiles") {
      const wanted = new Set((body.fileKeys ?? body.customIds ?? []) as string[]);
      let deletedCount = 0;
      for (const file of [...files.values()]) {
        if (wanted.has(body.fileKeys ? file.key : (file.customId ?? ""))) {
          files.delete(file.key);
          deletedCount += 1;
        }
      }
      return send(res, 200, { success: true, deletedCount });
    }
    const all = [...files.values()].sort((a, b) => a.uploadedAt - b.uploadedAt);
    const offset = Number(body.offset ?? 0);
    const limit = Number(body.limit ?? 500);
    return send(res, 200, {
      hasMore: offset + limit < all.length,
      files: all.slice(offset, offset + limit).map((file) => ({
        id: file.key,
        customId: file.customId,
        key: file.key,
        name: file.name,
        size: file.size,
        status: "Uploaded",
        uploadedAt: file.uploadedAt,
      })),
    });
  }

  async function ingest(req: IncomingMessage, res: ServerResponse, key: string) {
    const query = verifiedQuery(req, base);
    if (!query || query.get("x-ut-identifier") !== appId) return send(res, 403, { error: "Invalid or expired signature" });
    if (req.method === "HEAD") {
      res.setHeader("x-ut-range-start", "0");
      res.writeHead(200).end();
      return;
    }
    if (files.has(key)) return send(res, 409, { error: "This file key was already uploaded" });
    const declared = Number(decodeURIComponent(query.get("x-ut-file-size") ?? ""));
    if (!Number.isSafeInteger(declared) || declared < 0) return send(res, 400, { error: "x-ut-file-size is missing" });
    const customId = query.get("x-ut-custom-id") ? decodeURIComponent(query.get("x-ut-custom-id")!) : null;
    if (customId && findFile(customId)) return send(res, 409, { error: `A file with customId ${customId} already exists` });
    const bytes = await readMultipartFile(req, declared);
    if (bytes === null || bytes.length !== declared) {
      return send(res, 400, { error: `The upload did not match its declared size of ${declared} bytes` });
    }
    const file: StandInFile = {
      key,
      customId,
      name: decodeURIComponent(query.get("x-ut-file-name") ?? key),
      size: bytes.length,
      type: decodeURIComponent(query.get("x-ut-file-type") ?? "application/octet-stream"),
      acl: query.get("x-ut-acl"),
      bytes,
      uploadedAt: Date.now(),
    };
    files.set(key, file);
    const fileHash = createHash("md5").update(bytes).digest("hex");
    const urls = { url: ufsUrl(key), appUrl: ufsUrl(key), ufsUrl: ufsUrl(key), fileHash };

    const registration = registrations.get(key);
    if (!registration) return send(res, 200, urls);
    registrations.delete(key);
    const result = new Promise<unknown>((resolve) => callbackResults.set(key, resolve));
    const payload = JSON.stringify({
      status: "uploaded",
      file: { name: file.name, size: file.size, type: file.type, customId, key, lastModified: file.uploadedAt, ...urls },
      origin: base,
      metadata: registration.metadata,
    });
    await callbacksHeld;
    const callback = new URL(registration.callbackUrl);
    callback.searchParams.set("slug", registration.callbackSlug);
    const answer = await fetch(callback, {
      method: "POST",
      headers: { "content-type": "application/json", "uploadthing-hook": "callback", "x-uploadthing-signature": sign(payload) },
      body: payload,
    }).catch((error: unknown) => ({ ok: false, status: 0, text: () => Promise.resolve(String(error)) }));
    if (!answer.ok) {
      callbackResults.delete(key);
      return send(res, 502, { error: `The app's callback failed (${answer.status}): ${await answer.text()}` });
    }
    const outcome = registration.awaitServerData ? await result : { serverData: null };
    callbackResults.delete(key);
    send(res, 200, { ...urls, ...(outcome as object) });
  }

  function serveFile(req: IncomingMessage, res: ServerResponse, keyOrCustomId: string) {
    if (!verifiedQuery(req, ufsBase())) return send(res, 403, { error: "Invalid or expired signature" });
    const file = findFile(keyOrCustomId);
    if (!file) return send(res, 404, { error: "Not found" });
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("Content-Type", file.type);
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ""));
    if (!range) {
      res.writeHead(200, { "Content-Length": file.size });
      res.end(req.method === "HEAD" ? undefined : file.bytes);
      return;
    }
    const start = range[1] ? Number(range[1]) : Math.max(0, file.size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), file.size - 1) : file.size - 1;
    if (start >= file.size || start > end) {
      res.writeHead(416, { "Content-Range": `bytes */${file.size}` }).end();
      return;
    }
    res.writeHead(206, { "Content-Range": `bytes ${start}-${end}/${file.size}`, "Content-Length": end - start + 1 });
    res.end(req.method === "HEAD" ? undefined : file.bytes.subarray(start, end + 1));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = Buffer.from(JSON.stringify({ apiKey, appId, regions: ["standin"] })).toString("base64");
  return {
    url: base,
    appId,
    apiKey,
    env: {
      STORAGE_DRIVER: "uploadthing",
      UPLOADTHING_TOKEN: token,
      UPLOADTHING_API_URL: base,
      UPLOADTHING_INGEST_URL: base,
      UPLOADTHING_UFS_HOST: base.replace("http://127.0.0.1", "localhost"),
      UPLOADTHING_UFS_APP_ID_LOCATION: "path",
    },
    files,
    calls,
    holdCallbacks: () => {
      let release = () => {};
      callbacksHeld = new Promise<void>((resolve) => (release = resolve));
      return () => {
        callbacksHeld = Promise.resolve();
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > max) throw new Error("Body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The `file` field of a multipart body, or null when it is missing or longer than declared. */
function readMultipartFile(req: IncomingMessage, declared: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let found = false;
    let tooLong = false;
    const parser = busboy({ headers: req.headers, limits: { fileSize: declared + 1, files: 1 } });
    parser.on("file", (name, stream) => {
      if (name !== "file") return stream.resume();
      found = true;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => (tooLong = true));
    });
    parser.on("close", () => resolve(found && !tooLong ? Buffer.concat(chunks) : null));
    parser.on("error", reject);
    req.pipe(parser);
  });
}
