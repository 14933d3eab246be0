import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument, uploadSampleVersion } from "../../scripts/lib/demo-data";
import { callApiRoute, routeAt } from "../../test/support/api-route";
import { createApiKey } from "../auth/api-keys";
import { db } from "../db/client";
import { backfillPageTexts } from "../documents/backfill-page-texts";
import { deleteDocument } from "../documents/delete-document";
import { renderPageImages } from "../documents/render-page-images";
import type { Document } from "../generated/prisma/client";
import { createUser } from "../users/create-user";
import { ownerAccess } from "../../test/support/fixtures";

const searchRoute = routeAt("/api/v1/search");
const WORD = `zanzibarite${randomBytes(3).toString("hex")}`;

let owner: Awaited<ReturnType<typeof createUser>>;
let key: string;
let deck: Document;

const search = (q: string, as = key) => callApiRoute(searchRoute.GET, { key: as, path: `/api/v1/search?q=${encodeURIComponent(q)}` });
const newOwner = () => createUser({ email: `search-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

beforeAll(async () => {
  owner = await newOwner();
  key = (await createApiKey(ownerAccess(owner), "search")).key;
  deck = await createSampleDocument(
    owner,
    "Board deck",
    20,
    { email_gate: false },
    { pageWords: { 17: `The ${WORD} clause, déjà signé` } },
  );
  await renderPageImages(deck.id);
}, 60_000);

describe("GET /api/v1/search", () => {
  it("finds a word that is only on page 17, through the upload and the worker's drawing, with a marked snippet", async () => {
    const answer = await search(WORD.toUpperCase());
    expect(answer.status).toBe(200);
    expect(answer.body!.results).toEqual([
      {
        short_code: `s-${deck.code}`,
        title: "Board deck",
        title_matches: false,
        pages: [{ page: 17, snippet: expect.stringContaining(`**${WORD}**`) }],
        matching_pages: 1,
        pages_without_text: 0,
      },
    ]);
    expect(answer.body!.pagination).toEqual({ page: 1, per_page: 20, total: 1, total_pages: 1 });
  });

  it("ignores accents both ways", async () => {
    const answer = await search(`${WORD} "deja signe"`);
    expect(answer.body!.results.map((r: { short_code: string }) => r.short_code)).toEqual([`s-${deck.code}`]);
    expect(answer.body!.results[0].pages[0].snippet).toContain("**déjà** **signé**");
  });

  it("matches titles too, listing them first, as the documents list's title filter does", async () => {
    const titled = await createSampleDocument(owner, `Memo ${WORD}`, 1, { email_gate: false });
    const answer = await search(WORD);
    expect(answer.body!.results.map((r: { short_code: string; title_matches: boolean }) => [r.short_code, r.title_matches])).toEqual([
      [`s-${titled.code}`, true],
      [`s-${deck.code}`, false],
    ]);
    await deleteDocument(ownerAccess(owner), titled.code);
  });

  it("never shows another team's documents, and a read-only key may search", async () => {
    const other = await newOwner();
    const theirs = (await createApiKey(ownerAccess(other), "other team")).key;
    expect((await search(WORD, theirs)).body!.results).toEqual([]);
    const readOnly = (await createApiKey(ownerAccess(owner), "reader", "read")).key;
    const answer = await search(WORD, readOnly);
    expect(answer.status).toBe(200);
    expect(answer.body!.results).toHaveLength(1);
  });

  it.each([
    ["an empty q", "/api/v1/search?q=%20%20"],
    ["no q", "/api/v1/search"],
    ["a q past 200 characters", `/api/v1/search?q=${"a".repeat(201)}`],
  ])("refuses %s with 400 in the envelope", async (_, path) => {
    const answer = await callApiRoute(searchRoute.GET, { key, path });
    expect(answer.status).toBe(400);
    expect(answer.body!.error.code).toBe("bad_request");
    expect(answer.body!.error.message).toMatch(/\bq\b/);
  });

  it("searches the current version only: a new file's pages replace the old ones in the results", async () => {
    const word = `${WORD}old`;
    const doc = await createSampleDocument(owner, "Versioned", 2, { email_gate: false }, { pageWords: { 2: word } });
    await renderPageImages(doc.id);
    expect((await search(word)).body!.results).toHaveLength(1);
    await uploadSampleVersion(owner, doc, 2);
    expect((await search(word)).body!.results).toEqual([]);
  });

  it("leaves documents in the Trash out", async () => {
    const trashed = await createSampleDocument(owner, "Trashed", 1, { email_gate: false }, { pageWords: { 1: `${WORD}trash` } });
    expect((await search(`${WORD}trash`)).body!.results).toHaveLength(1);
    await deleteDocument(ownerAccess(owner), trashed.code);
    expect((await search(`${WORD}trash`)).body!.results).toEqual([]);
  });
});

describe("a phrase", () => {
  const tag = randomBytes(3).toString("hex");
  const [first, second] = [`quarter${tag}`, `revenue${tag}`];
  const phrase = `"${first} ${second}"`;
  const adjacent = `the ${first} ${second} grew`;
  const apart = `${second} fell, then the ${first} closed`;
  let phraseKey: string;
  let docs: Record<"once" | "twice" | "never" | "titled", Document>;

  /** A document of `texts.length` pages whose page N (from 1) reads texts[N - 1], written straight into the index. */
  async function documentWithPages(title: string, texts: string[]) {
    const doc = await createSampleDocument(phraseOwner, title, texts.length, { email_gate: false });
    for (const [i, text] of texts.entries()) {
      await db.$executeRaw`
        INSERT INTO page_texts (document_id, version, page, text) VALUES (${doc.id}::uuid, ${doc.version}, ${i + 1}, ${text})
        ON CONFLICT (document_id, version, page) DO UPDATE SET text = EXCLUDED.text`;
    }
    return doc;
  }
  let phraseOwner: Awaited<ReturnType<typeof createUser>>;
  const searchAs = (q: string, query = "") =>
    callApiRoute(searchRoute.GET, { key: phraseKey, path: `/api/v1/search?q=${encodeURIComponent(q)}${query}` });
  const codes = (answer: Awaited<ReturnType<typeof search>>) => answer.body!.results.map((r: { short_code: string }) => r.short_code);

  beforeAll(async () => {
    phraseOwner = await newOwner();
    phraseKey = (await createApiKey(ownerAccess(phraseOwner), "phrase")).key;
    // "once" has the most pages holding both words, but only one with them side by side.
    docs = {
      once: await documentWithPages("Once", [apart, apart, apart, adjacent, apart]),
      twice: await documentWithPages("Twice", [adjacent, "nothing here", adjacent]),
      never: await documentWithPages("Never", [apart, apart, apart, apart, apart, apart]),
      titled: await documentWithPages(`Memo ${phrase}`, [apart]),
    };
  }, 60_000);

  it("matches only pages where its words stand side by side, ranking documents by those pages", async () => {
    const answer = await searchAs(phrase);
    expect(codes(answer)).toEqual([`s-${docs.titled.code}`, `s-${docs.twice.code}`, `s-${docs.once.code}`]);
    const [titled, twice, once] = answer.body!.results;
    expect(titled).toMatchObject({ title_matches: true, pages: [], matching_pages: 0 });
    expect(twice).toMatchObject({ matching_pages: 2, pages: [{ page: 1 }, { page: 3 }] });
    expect(once).toMatchObject({ matching_pages: 1, pages: [{ page: 4, snippet: expect.stringContaining(`**${first}** **${second}**`) }] });
    expect(answer.body!.pagination).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 });
  });

  it("keeps the order and the total from one page of results to the next, and past the last", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => searchAs(phrase, `&per_page=1&page=${page}`)));
    expect(pages.map(codes)).toEqual([[`s-${docs.titled.code}`], [`s-${docs.twice.code}`], [`s-${docs.once.code}`], []]);
    expect(pages.map((answer) => answer.body!.pagination.total)).toEqual([3, 3, 3, 3]);
  });

  it("excluded with a minus, leaves out only the pages where its words stand side by side", async () => {
    const answer = await searchAs(`${first} -${phrase}`);
    expect(codes(answer)).toEqual([`s-${docs.never.code}`, `s-${docs.once.code}`, `s-${docs.titled.code}`]);
    expect(answer.body!.results.map((r: { matching_pages: number }) => r.matching_pages)).toEqual([6, 4, 1]);
  });
});

describe("the backfill", () => {
  it("fills the pages of a document drawn before the index existed", async () => {
    const word = `backfilled${randomBytes(3).toString("hex")}`;
    const older = await createSampleDocument(owner, "Older", 3, { email_gate: false }, { pageWords: { 3: word } });
    await renderPageImages(older.id);
    await db.$executeRaw`DELETE FROM page_texts WHERE document_id = ${older.id}::uuid`;
    expect((await search(word)).body!.results).toEqual([]);

    while ((await backfillPageTexts()) > 0);

    const answer = await search(word);
    expect(answer.body!.results[0].pages).toEqual([{ page: 3, snippet: expect.stringContaining(`**${word}**`) }]);
    expect(await db.$queryRaw`SELECT page FROM page_texts WHERE document_id = ${older.id}::uuid ORDER BY page`).toEqual([
      { page: 1 },
      { page: 2 },
      { page: 3 },
    ]);
  });
});
