import { randomBytes } from "node:crypto";
import { UTApi, UTFile } from "uploadthing/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { type UploadThingStandIn, startUploadThingStandIn } from "../../test/support/uploadthing-standin";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { UploadThingStorage } from "../storage/uploadthing-storage";
import { createUser } from "../users/create-user";
import { type DirectUploadOutcome, completeDirectUpload, openDirectUpload } from "./direct-upload";

let uploadthing: UploadThingStandIn;
let browser: UTApi;

beforeAll(async () => {
  uploadthing = await startUploadThingStandIn();
  Object.assign(process.env, uploadthing.env);
  reloadConfig();
  browser = new UTApi({ token: uploadthing.env.UPLOADTHING_TOKEN, apiUrl: uploadthing.url, ingestUrl: uploadthing.url, logLevel: "Error" });
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  for (const name of Object.keys(uploadthing.env)) delete process.env[name];
  reloadConfig();
  await uploadthing.close();
});

const owner = async () => (await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" })).id;

async function browserStores(storageKey: string, bytes: Buffer) {
  const result = await browser.uploadFiles(
    new UTFile([new Uint8Array(bytes)], "deck.pdf", { customId: UploadThingStorage.customId(storageKey) }),
  );
  expect(result.error).toBeNull();
}

const storedKeys = () => [...uploadthing.files.values()].map((file) => UploadThingStorage.keyOf(file.customId ?? ""));

describe("attacks on completeDirectUpload", () => {
  it("never deletes a live document's file when a repeated callback looks between the first callback's commit", async () => {
    const ownerId = await owner();
    const pdf = await samplePdf(3);
    const slot = await openDirectUpload(ownerId, { name: "race.pdf", size: pdf.length }, {});
    await browserStores(slot.storageKey, pdf);

    // The interleaving UploadThing's retry can produce: the first callback claims the upload; the
    // repeated one fails to claim, looks for the document (not made yet), then the first commits
    // (document made, pending row gone), then the repeated one looks for the pending row.
    const callbacks: { first?: Promise<DirectUploadOutcome>; second?: Promise<DirectUploadOutcome> } = {};
    const findUniqueOrThrow = db.pendingUpload.findUniqueOrThrow;
    vi.spyOn(db.pendingUpload, "findUniqueOrThrow").mockImplementation(((args: never) => {
      // Called by the first callback right after its claim: the repeated callback arrives now.
      callbacks.second ??= completeDirectUpload(slot.id, slot.storageKey);
      return findUniqueOrThrow(args);
    }) as never);
    const findFirst = db.document.findFirst;
    vi.spyOn(db.document, "findFirst").mockImplementation((async (args: never) => {
      const found = await findFirst(args);
      await callbacks.first; // the first callback commits between the repeated one's two reads
      return found;
    }) as never);

    callbacks.first = completeDirectUpload(slot.id, slot.storageKey);
    expect((await callbacks.first).ok).toBe(true);
    await callbacks.second;

    expect(await db.document.count({ where: { id: slot.id } })).toBe(1);
    expect(storedKeys()).toContain(slot.storageKey);
  });
});
