import { db } from "../db/client";
import { SNIPPET_MARK } from "../rules/search-snippet";

/** Pages listed per document: enough to choose from, bounded however often a word occurs. */
export const PAGES_PER_DOCUMENT = 5;
/** A snippet's length in characters: a run of thousands of letters with no space still yields a line. */
export const SNIPPET_CHARS = 240;

/** One document's version to look in, and the last page of it the caller may see. */
export type SearchedVersion = { documentId: string; version: number; lastPage: number };

export type DocumentPageMatches = {
  documentId: string;
  pages: Array<{ page: number; snippet: string }>;
  matchingPages: number;
  pagesWithoutText: number;
};

// The marks are kept out of the text first, so every mark in a snippet is one ts_headline put there.
const HEADLINE_OPTIONS = `StartSel="${SNIPPET_MARK}", StopSel="${SNIPPET_MARK}", MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The pages of each version whose text matches `q` (up to `lastPage` of it), the first
 * PAGES_PER_DOCUMENT with a highlighted snippet, how many match in all, and how many have no text.
 */
export async function pageMatches(
  versions: SearchedVersion[],
  q: string,
  perDocument = PAGES_PER_DOCUMENT,
): Promise<DocumentPageMatches[]> {
  if (versions.length === 0) return [];
  const rows = await db.$queryRaw<
    Array<{ document_id: string; page: number | null; snippet: string | null; matching: number; without_text: number }>
  >`
    WITH searched AS (
      SELECT * FROM unnest(${versions.map((v) => v.documentId)}::uuid[], ${versions.map((v) => v.version)}::int[], ${versions.map((v) => v.lastPage)}::int[])
        AS s(document_id, version, last_page)
    ), query AS (SELECT websearch_to_tsquery('page_search', ${q}) AS tsq),
    matched AS (
      SELECT p.document_id, p.page, p.text,
        row_number() OVER (PARTITION BY p.document_id ORDER BY p.page) AS nth,
        count(*) OVER (PARTITION BY p.document_id)::int AS matching
      FROM searched s CROSS JOIN query
      JOIN page_texts p ON p.document_id = s.document_id AND p.version = s.version AND p.page <= s.last_page
      WHERE p.search_vector @@ query.tsq
    ), without_text AS (
      SELECT s.document_id, count(p.page)::int AS pages
      FROM searched s
      LEFT JOIN page_texts p ON p.document_id = s.document_id AND p.version = s.version AND p.page <= s.last_page AND p.text IS NULL
      GROUP BY s.document_id
    )
    SELECT w.document_id, m.page, m.matching, w.pages AS without_text,
      left(ts_headline('page_search', replace(m.text, ${SNIPPET_MARK}, ''), query.tsq, ${HEADLINE_OPTIONS}), ${SNIPPET_CHARS}) AS snippet
    FROM without_text w CROSS JOIN query
    LEFT JOIN matched m ON m.document_id = w.document_id AND m.nth <= ${perDocument}
    ORDER BY w.document_id, m.page`;
  const byDocument = new Map<string, DocumentPageMatches>();
  for (const row of rows) {
    const entry = byDocument.get(row.document_id) ?? {
      documentId: row.document_id,
      pages: [],
      matchingPages: row.matching ?? 0,
      pagesWithoutText: row.without_text,
    };
    if (row.page !== null) entry.pages.push({ page: row.page, snippet: row.snippet ?? "" });
    byDocument.set(row.document_id, entry);
  }
  return versions.map(
    (v) => byDocument.get(v.documentId) ?? { documentId: v.documentId, pages: [], matchingPages: 0, pagesWithoutText: 0 },
  );
}
