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
 * One page of the team's documents (not in the Trash) whose title contains `q` (as the documents
 * list filters titles: a substring, any case) or whose current version has pages matching it (through
 * page_texts' GIN index): titles first, then by how many pages match, newest first among equals;
 * `total` on each row. Ranked by counts rather than ts_rank: ranking reads every matching page's
 * vector, which for a common word is most of the time of the search.
 */
function findDocuments(teamId: string, q: string, limit: number, offset: number) {
  return db.$queryRaw<FoundDocument[]>`
    WITH query AS (SELECT websearch_to_tsquery('page_search', ${q}) AS tsq),
    team_documents AS (
      SELECT id, code, title, version, page_count, created_at, strpos(lower(title), lower(${q})) > 0 AS title_matches
      FROM documents WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL
    ),
    page_hits AS (
      SELECT p.document_id, count(*) AS pages
      FROM page_texts p CROSS JOIN query
      JOIN team_documents d ON d.id = p.document_id AND d.version = p.version
      WHERE p.search_vector @@ query.tsq
      GROUP BY p.document_id
    )
    SELECT d.id, d.code, d.title, d.version, d.page_count, d.title_matches, count(*) OVER ()::int AS total
    FROM team_documents d LEFT JOIN page_hits h ON h.document_id = d.id
    WHERE d.title_matches OR h.document_id IS NOT NULL
    ORDER BY d.title_matches DESC, h.pages DESC NULLS LAST, d.created_at DESC, d.id DESC
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
