import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { type UploadThingStandIn, startUploadThingStandIn } from "../../test/support/uploadthing-standin";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { MAX_OPEN_DIRECT_UPLOADS, OPEN_SLOTS_RETRY_AFTER_SECONDS } from "../documents/direct-upload";
import { CLIENT_ADDRESS_HEADER, stampFor } from "../request/client-address";
import { storage } from "../storage";
import { createUser } from "../users/create-user";
import { UPLOADTHING_REQUESTS_PER_MINUTE } from "./uploadthing-route";

// A signed-in owner: next-auth's session needs a request scope vitest does not have.
const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("../auth/auth", () => ({
  auth: async () => ({ user: { id: session.userId } }),
  signedInUser: async () => ({ id: session.userId, email: "owner@example.com", name: null, sessionId: null }),
}));

let uploadthing: UploadThingStandIn;
let GET: (req: Request) => Promise<Response>;
let POST: (req: Request) => Promise<Response>;

// The route on loopback, as APP_URL: where UploadThing (the stand-in) calls back once it has a browser's file.
let app: Server;

beforeAll(async () => {
  uploadthing = await startUploadThingStandIn();
  app = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers(Object.entries(req.headers).map(([name, value]) => [name, String(value)] as [string, string]));
      const request = new Request(`http://localhost${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
      void POST(request).then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, uploadthing.env, { APP_URL: `http://127.0.0.1:${(app.address() as AddressInfo).port}` });
  reloadConfig();
  ({ GET, POST } = (await import("./uploadthing-route")).uploadthingRoute());
});

afterAll(async () => {
  for (const name of [...Object.keys(uploadthing.env), "APP_URL"]) delete process.env[name];
  reloadConfig();
  app.closeAllConnections();
  await new Promise((resolve) => app.close(resolve));
  await uploadthing.close();
});

beforeEach(async () => {
  session.userId = (await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" })).id;
});

let address = 0;
/** What `@uploadthing/react` sends to ask for an upload slot; each request from its own address (the rate limit is not under test here). */
const uploadAction = (files: unknown, input: unknown = {}) =>
  POST(
    new Request("http://localhost/api/uploadthing?actionType=upload&slug=pdf", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-uploadthing-package": "@uploadthing/react",
        "x-uploadthing-version": "7.7.4",
        [CLIENT_ADDRESS_HEADER]: stampFor(`198.51.100.${++address}`),
      },
      body: JSON.stringify({ files, input }),
    }),
  );

const pendingRows = () => db.pendingUpload.count({ where: { ownerId: session.userId } });

describe("the upload action of /api/uploadthing", () => {
  it("accepts every form the upload fields allow: a 20,000-character agreement in Japanese (60 KB of UTF-8) with an allow list", async () => {
    const agreement = "本契約の内容を第三者に開示しないことに同意します。".repeat(800).slice(0, 20_000);
    const allow = Array.from({ length: 200 }, (_, i) => `reader-${i}@partner-company.example.com`).join("\n");
    const response = await uploadAction([{ name: "nda.pdf", size: 1000, type: "application/pdf" }], { agreement, allow });
    expect(response.status).toBe(200);
    expect(await pendingRows()).toBe(1);
  });

  it("hands out one slot for one PDF (control)", async () => {
    const response = await uploadAction([{ name: "deck.pdf", size: 1000, type: "application/pdf" }]);
    expect(response.status).toBe(200);
    expect(await pendingRows()).toBe(1);
  });

  it("refuses a fractional file size as a bad request, not a 500", async () => {
    const response = await uploadAction([{ name: "deck.pdf", size: 1.5, type: "application/pdf" }]);
    expect(response.status).toBe(400);
    expect(await pendingRows()).toBe(0);
  });

  it("refuses a negative file size without keeping a slot", async () => {
    const response = await uploadAction([{ name: "deck.pdf", size: -1, type: "application/pdf" }]);
    expect(response.status).toBe(400);
    expect(await pendingRows()).toBe(0);
  });

  it("keeps no slot for a file the router refuses after the middleware (not a PDF)", async () => {
    const response = await uploadAction([{ name: "cat.png", size: 1000, type: "image/png" }]);
    expect(response.status).toBe(400);
    expect(await pendingRows()).toBe(0);
  });
});

describe("upload slots", () => {
  it(`hands one owner exactly ${MAX_OPEN_DIRECT_UPLOADS} of 60 simultaneous requests; the others answer 429 rate_limited with Retry-After`, async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => uploadAction([{ name: `deck-${i}.pdf`, size: 1000, type: "application/pdf" }])),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_OPEN_DIRECT_UPLOADS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - MAX_OPEN_DIRECT_UPLOADS);
    expect(await pendingRows()).toBe(MAX_OPEN_DIRECT_UPLOADS);

    const refused = responses.find((response) => response.status === 429)!;
    expect(refused.headers.get("retry-after")).toBe(String(OPEN_SLOTS_RETRY_AFTER_SECONDS));
    expect(await refused.json()).toEqual({
      error: { code: "rate_limited", message: "You have 20 uploads in progress. Wait for them to finish, then try again." },
    });
  });
});

describe("the access UploadThing is asked to give an original", () => {
  it("is private for the browser's upload (the URL the route signs) and for the server's own put", async () => {
    const pdf = await samplePdf(2);
    const slot = await uploadAction([{ name: "deck.pdf", size: pdf.length, type: "application/pdf" }]);
    expect(slot.status).toBe(200);
    const [presigned] = (await slot.json()) as Array<{ url: string; key: string }>;

    // What @uploadthing/react then does: the file, as multipart, to the signed URL.
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "deck.pdf");
    const put = await fetch(presigned!.url, { method: "PUT", body: form });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { serverData: unknown }).serverData).toMatchObject({ ok: true });
    expect(uploadthing.files.get(presigned!.key)?.acl).toBe("private");

    const key = `documents/${randomUUID()}/original.pdf`;
    await storage().put(key, pdf, pdf.length);
    const stored = [...uploadthing.files.values()].find((file) => file.customId === key.replaceAll("/", "~"));
    expect(stored?.acl).toBe("private");
  });
});

/** A callback as UploadThing sends it, signed with the app's API key, from UploadThing's address. */
function callback(pendingUploadId: string, from: string) {
  const customId = `documents~${pendingUploadId}~original.pdf`;
  const url = `${uploadthing.url}/f/${pendingUploadId}`;
  const payload = JSON.stringify({
    status: "uploaded",
    file: {
      name: "deck.pdf",
      size: 1000,
      type: "application/pdf",
      customId,
      key: pendingUploadId,
      url,
      appUrl: url,
      ufsUrl: url,
      fileHash: "0",
    },
    origin: uploadthing.url,
    metadata: { pendingUploadId },
  });
  const signature = `hmac-sha256=${createHmac("sha256", uploadthing.apiKey).update(payload).digest("hex")}`;
  return POST(
    new Request("http://localhost/api/uploadthing?slug=pdf", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "uploadthing-hook": "callback",
        "x-uploadthing-signature": signature,
        [CLIENT_ADDRESS_HEADER]: stampFor(from),
      },
      body: payload,
    }),
  );
}

describe("the rate limit of /api/uploadthing", () => {
  // The limit counts per fixed minute: every request of a test falls in one minute of a stopped clock.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / 60_000) * 60_000 + 1_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts the GETs it says it counts (the route's config, per address and minute)", async () => {
    const from = `203.0.113.7-${randomUUID()}`;
    const statuses: number[] = [];
    for (let i = 0; i <= UPLOADTHING_REQUESTS_PER_MINUTE; i++) {
      const response = await GET(new Request("http://localhost/api/uploadthing", { headers: { [CLIENT_ADDRESS_HEADER]: stampFor(from) } }));
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it("does not refuse UploadThing's signed callbacks because other owners' uploads came back from the same address", async () => {
    // Every owner's callbacks come from UploadThing's servers: one address for the whole instance.
    const uploadthingAddress = `192.0.2.1-${randomUUID()}`;
    for (let i = 0; i < UPLOADTHING_REQUESTS_PER_MINUTE; i++) {
      expect((await callback(randomUUID(), uploadthingAddress)).status).toBe(200);
    }
    const response = await callback(randomUUID(), uploadthingAddress);
    expect(response.status).toBe(200);
  });
});
