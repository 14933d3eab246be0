import type { z } from "zod";
import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { Prisma } from "../generated/prisma/client";
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

// A phrase's words in the same order, ' <-> ' or ' <N> ' in a tsquery's text (a lexeme holds no space).
const PHRASE_OPERATOR = " <(-|[0-9]+)> ";

// How many of document `m`'s candidate pages match the query itself: with a phrase, each candidate's
// vector is read back (by its row's address, from the statement's own snapshot); otherwise all do.
const EXACT_PAGES = Prisma.sql`CASE WHEN query.loosened THEN (
  SELECT count(*)::int FROM unnest(m.tids) t(tid) JOIN page_texts x ON x.ctid = t.tid WHERE x.search_vector @@ query.tsq
) ELSE m.candidate_pages END`;

/**
 * One page of the team's documents (not in the Trash) whose title contains `q` (as the documents
 * list filters titles: a substring, any case) or whose current version has pages matching it (through
 * page_texts' GIN index): titles first, then by how many pages match, newest first among equals;
 * `total` on each row. Ranked by counts rather than ts_rank: ranking reads every matching page's
 * vector, which for a common word is most of the time of the search.
 *
 * A phrase is the costly case: the index knows which pages hold its words, not where, so each such
 * page's vector (in TOAST) would be read back. Here a phrase without a negation is first searched as
 * its words (the index answers that without reading any vector): each document's candidate pages,
 * an upper bound of its matching pages. Then vectors are read only (1) until one page matches, per
 * candidate document, which settles `total`, and (2) for the documents that may still reach this
 * page of results: the exact counts of the first `limit + offset` by upper bound give a cutoff no
 * document of the page can be under, and only the documents whose bound reaches it are counted.
 */
function findDocuments(teamId: string, q: string, limit: number, offset: number) {
  return db.$queryRaw<FoundDocument[]>`
    WITH query AS (
      SELECT tsq, loosened,
        CASE WHEN loosened THEN regexp_replace(tsq::text, ${PHRASE_OPERATOR}, ' & ', 'g')::tsquery ELSE tsq END AS candidate_tsq
      FROM websearch_to_tsquery('page_search', ${q}) AS tsq,
        LATERAL (SELECT tsq::text ~ ${PHRASE_OPERATOR} AND strpos(tsq::text, '!') = 0 AS loosened) l
    ),
    team_documents AS (
      SELECT id, code, title, version, page_count, created_at, strpos(lower(title), lower(${q})) > 0 AS title_matches
      FROM documents WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL
    ),
    candidates AS (
      SELECT p.document_id, count(*)::int AS candidate_pages, array_agg(p.ctid) FILTER (WHERE query.loosened) AS tids
      FROM page_texts p CROSS JOIN query
      JOIN team_documents d ON d.id = p.document_id AND d.version = p.version
      WHERE p.search_vector @@ query.candidate_tsq
      GROUP BY p.document_id
    ),
    matching AS MATERIALIZED (
      SELECT d.*, c.candidate_pages, c.tids
      FROM team_documents d CROSS JOIN query LEFT JOIN candidates c ON c.document_id = d.id
      WHERE d.title_matches OR (c.document_id IS NOT NULL AND (NOT query.loosened OR EXISTS (
        SELECT 1 FROM unnest(c.tids) t(tid) JOIN page_texts x ON x.ctid = t.tid WHERE x.search_vector @@ query.tsq)))
    ),
    needed AS (SELECT greatest(${limit + offset} - count(*) FILTER (WHERE title_matches), 0) AS documents FROM matching),
    first_by_bound AS (
      SELECT e.pages FROM matching m CROSS JOIN query, LATERAL (SELECT ${EXACT_PAGES} AS pages) e
      WHERE NOT m.title_matches
      ORDER BY m.candidate_pages DESC, m.created_at DESC, m.id DESC
      LIMIT (SELECT documents FROM needed)
    ),
    cutoff AS (SELECT CASE WHEN count(*) < (SELECT documents FROM needed) THEN 0 ELSE min(pages) END AS pages FROM first_by_bound),
    ranked AS (
      SELECT m.*, nullif(e.pages, 0) AS pages
      FROM matching m CROSS JOIN query CROSS JOIN cutoff, LATERAL (SELECT ${EXACT_PAGES} AS pages) e
      WHERE m.title_matches OR m.candidate_pages >= cutoff.pages
    )
    SELECT r.id, r.code, r.title, r.version, r.page_count, r.title_matches, (SELECT count(*) FROM matching)::int AS total
    FROM ranked r
    ORDER BY r.title_matches DESC, r.pages DESC NULLS LAST, r.created_at DESC, r.id DESC
    LIMIT ${limit} OFFSET ${offset}`;
}

/** The team's documents matching `q` in their titles or their pages' text, each with its first matching pages and their snippets. */
export async function searchDocuments(teamId: string, query: SearchQuery): Promise<z.input<typeof searchResultsSchema>> {
  const found = await findDocuments(teamId, query.q, query.per_page, (query.page - 1) * query.per_page);
  // Past the last page there is no row to carry the total: an empty page still says how many there are.
  const total = found[0]?.total ?? (query.page > 1 ? ((await findDocuments(teamId, query.q, 1, 0))[0]?.total ?? 0) : 0);
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
    pagination: pagination(query.page, query.per_page, total),
  };
}
