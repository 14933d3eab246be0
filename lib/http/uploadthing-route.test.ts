import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type UploadThingStandIn, startUploadThingStandIn } from "../../test/support/uploadthing-standin";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { createUser } from "../users/create-user";

// A signed-in owner: next-auth's session needs a request scope vitest does not have.
const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("../auth/auth", () => ({ auth: async () => ({ user: { id: session.userId } }) }));

let uploadthing: UploadThingStandIn;
let POST: (req: Request) => Promise<Response>;

beforeAll(async () => {
  uploadthing = await startUploadThingStandIn();
  Object.assign(process.env, uploadthing.env);
  reloadConfig();
  ({ POST } = (await import("./uploadthing-route")).uploadthingRoute());
});

afterAll(async () => {
  for (const name of Object.keys(uploadthing.env)) delete process.env[name];
  reloadConfig();
  await uploadthing.close();
});

beforeEach(async () => {
  session.userId = (await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" })).id;
});

let address = 0;
/** What `@uploadthing/react` sends to ask for an upload slot; each request from its own address (the rate limit is not under test). */
const uploadAction = (files: unknown, input: unknown = {}) =>
  POST(
    new Request("http://localhost/api/uploadthing?actionType=upload&slug=pdf", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-uploadthing-package": "@uploadthing/react",
        "x-uploadthing-version": "7.7.4",
        "x-forwarded-for": `198.51.100.${++address}`,
      },
      body: JSON.stringify({ files, input }),
    }),
  );

const pendingRows = () => db.pendingUpload.count({ where: { ownerId: session.userId } });

describe("the upload action of /api/uploadthing", () => {
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
