import type { z } from "zod";
import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { pagination } from "../schemas/common";
import type { SearchQuery, searchResultsSchema } from "../schemas/search";
import { pageMatches } from "./page-matches";

type FoundDocument = {
  id: string;
  code: string;
  title: string;
  version: number;
  page_count: number;
  title_matches: boolean;
  total: number;
};

/**
 * The team's documents (not in the Trash) whose title or current version's text matches `q`: titles
 * first, then by how well their best page matches, newest first among equals; each with its first
 * matching pages and their snippets. The words go through the index (page_texts' GIN); the title as
 * the documents list filters it (a substring, any case) or by its words.
 */
export async function searchDocuments(teamId: string, query: SearchQuery): Promise<z.input<typeof searchResultsSchema>> {
  const found = await db.$queryRaw<FoundDocument[]>`
    WITH query AS (SELECT websearch_to_tsquery('page_search', ${query.q}) AS tsq),
    text_hits AS (
      SELECT p.document_id, max(ts_rank_cd(p.search_vector, query.tsq)) AS rank
      FROM page_texts p CROSS JOIN query
      JOIN documents d ON d.id = p.document_id AND d.version = p.version
      WHERE p.search_vector @@ query.tsq AND d.team_id = ${teamId}::uuid AND d.deleted_at IS NULL
      GROUP BY p.document_id
    ), title_hits AS (
      SELECT d.id FROM documents d CROSS JOIN query
      WHERE d.team_id = ${teamId}::uuid AND d.deleted_at IS NULL
        AND (strpos(lower(d.title), lower(${query.q})) > 0 OR to_tsvector('page_search', d.title) @@ query.tsq)
    )
    SELECT d.id, d.code, d.title, d.version, d.page_count, (t.id IS NOT NULL) AS title_matches, count(*) OVER ()::int AS total
    FROM documents d
    LEFT JOIN text_hits h ON h.document_id = d.id
    LEFT JOIN title_hits t ON t.id = d.id
    WHERE d.id IN (SELECT document_id FROM text_hits UNION SELECT id FROM title_hits)
    ORDER BY (t.id IS NOT NULL) DESC, h.rank DESC NULLS LAST, d.created_at DESC, d.id DESC
    LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`;
  const matches = await pageMatches(
    found.map((doc) => ({ documentId: doc.id, version: doc.version, lastPage: doc.page_count })),
    query.q,
  );
  return {
    results: found.map((doc, i) => ({
      short_code: apiShortCode(doc.code),
      title: doc.title,
      title_matches: doc.title_matches,
      pages: matches[i]!.pages,
      matching_pages: matches[i]!.matchingPages,
      pages_without_text: matches[i]!.pagesWithoutText,
    })),
    pagination: pagination(query.page, query.per_page, found[0]?.total ?? (await countFound(teamId, query.q))),
  };
}

/** The total when the page asked for is past the last result (an empty page still says how many there are). */
async function countFound(teamId: string, q: string): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ total: number }>>`
    WITH query AS (SELECT websearch_to_tsquery('page_search', ${q}) AS tsq)
    SELECT count(*)::int AS total FROM documents d CROSS JOIN query
    WHERE d.team_id = ${teamId}::uuid AND d.deleted_at IS NULL
      AND (strpos(lower(d.title), lower(${q})) > 0 OR to_tsvector('page_search', d.title) @@ query.tsq
        OR EXISTS (SELECT 1 FROM page_texts p WHERE p.document_id = d.id AND p.version = d.version AND p.search_vector @@ query.tsq))`;
  return row?.total ?? 0;
}
