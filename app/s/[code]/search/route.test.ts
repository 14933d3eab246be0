import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { ReaderBrowser } from "@/test/support/reader-browser";
import { renderPageImages } from "@/lib/documents/render-page-images";
import type { Document } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";
import * as searchRoute from "./route";

vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);

const tag = randomBytes(3).toString("hex");
const ON_PAGE_2 = `preamble${tag}`;
const ON_PAGE_17 = `zanzibarite${tag}`;

let doc: Document;

const search = (reader: ReaderBrowser, q: string) =>
  reader.call(searchRoute.GET, `/s/${doc.code}/search?q=${encodeURIComponent(q)}`, { code: doc.code });
const pagesFound = async (reader: ReaderBrowser, q: string) =>
  ((await search(reader, q)).body!.pages as Array<{ page: number }>).map((p) => p.page);

beforeAll(async () => {
  const owner = await createUser({ email: `reader-search-${tag}@example.com`, password: "long enough" });
  doc = await createSampleDocument(
    owner,
    "Gated deck",
    20,
    { email_gate: true, gate_type: "preview", gate_page: 3 },
    { pageWords: { 2: ON_PAGE_2, 17: ON_PAGE_17 } },
  );
  await renderPageImages(doc.id);
}, 60_000);

describe("GET /s/<code>/search", () => {
  it("finds only the pages before a preview gate at page 3 until the gate is passed, then every page", async () => {
    const reader = new ReaderBrowser();
    expect(await pagesFound(reader, ON_PAGE_2)).toEqual([2]);
    expect(await pagesFound(reader, ON_PAGE_17)).toEqual([]);
    expect(await pagesFound(reader, `${ON_PAGE_2} or ${ON_PAGE_17}`)).toEqual([2]);

    expect((await reader.gate(doc.code, `ann-${tag}@acme.test`)).status).toBe(200);
    const after = await search(reader, ON_PAGE_17);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ pages: [{ page: 17, snippet: expect.stringContaining(`**${ON_PAGE_17}**`) }], pages_without_text: 0 });
  });

  it("refuses an empty or oversized q with 400 in the envelope", async () => {
    const reader = new ReaderBrowser();
    for (const q of ["", "x".repeat(201)]) {
      const answer = await search(reader, q);
      expect(answer.status).toBe(400);
      expect(answer.body!.error.code).toBe("bad_request");
    }
  });

  it("answers an unknown code 404, as every door does", async () => {
    const reader = new ReaderBrowser();
    const answer = await reader.call(searchRoute.GET, `/s/zzzzzzzzzz/search?q=${ON_PAGE_2}`, { code: "zzzzzzzzzz" });
    expect(answer.status).toBe(404);
  });
});
