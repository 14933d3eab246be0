import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { readerAddress } from "../../../test/support/fixtures";
import { shownStrings } from "../../../test/support/pdf-page-text";
import type { Document } from "../../generated/prisma/client";
import { storage } from "../../storage";
import { originalKey } from "../../storage/document-keys";
import { createUser } from "../../users/create-user";
import { type RoomZipDocument, roomZip } from "./room-zip";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "room-zip-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const folders = [{ id: "f", name: "Financials", parent_id: null }];

/** Each entry of the archive, by path, as Info-ZIP extracts it (after checking every CRC). */
async function extracted(zip: ReadableStream<Uint8Array>, paths: string[]): Promise<Map<string, Buffer>> {
  const file = path.join(dir, `${randomUUID()}.zip`);
  await writeFile(file, Buffer.from(await new Response(zip).arrayBuffer()));
  execFileSync("unzip", ["-tqq", file]);
  return new Map(paths.map((entry) => [entry, execFileSync("unzip", ["-p", file, entry], { maxBuffer: 64 * 1024 * 1024 })]));
}

describe("a room's ZIP", () => {
  let deck: Document;
  let budget: Document;
  beforeEach(async () => {
    const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
    [deck, budget] = await Promise.all([createSampleDocument(owner, "Deck", 2), createSampleDocument(owner, "Budget", 1)]);
  });
  const documents = (): RoomZipDocument[] => [
    { title: deck.title, folder_id: null, document: deck },
    { title: budget.title, folder_id: "f", document: budget },
  ];

  it("holds each document's stored original, byte for byte, at its room path", async () => {
    const files = await extracted(roomZip(folders, documents(), null, null), ["Deck.pdf", "Financials/Budget.pdf"]);
    expect(files.get("Deck.pdf")!.equals(await buffer((await storage().get(deck.storageKey))!.body))).toBe(true);
    expect(files.get("Financials/Budget.pdf")!.equals(await buffer((await storage().get(budget.storageKey))!.body))).toBe(true);
  });

  it("holds the reader's watermarked copy of each document when the room's watermark is on", async () => {
    const text = "Confidential · jane@acme.com · 2026-11-26";
    const files = await extracted(roomZip(folders, documents(), { text, address: readerAddress() }, null), [
      "Deck.pdf",
      "Financials/Budget.pdf",
    ]);
    for (const [name, pages] of [
      ["Deck.pdf", 2],
      ["Financials/Budget.pdf", 1],
    ] as const) {
      const shown = await shownStrings(files.get(name)!);
      expect(shown).toHaveLength(pages);
      for (const page of shown) expect(page).toContain(text);
    }
  });

  it("fails midway, rather than leaving a file out, when a document's file is missing", async () => {
    const gone = { ...budget, storageKey: originalKey(randomUUID()) };
    const zip = roomZip(folders, [...documents().slice(0, 1), { title: "Gone", folder_id: null, document: gone }], null, null);
    await expect(new Response(zip).arrayBuffer()).rejects.toThrow("The file is missing.");
  });
});
