import { searchQuery, searchResultsSchema } from "../schemas/search";
import { searchDocuments } from "../search/search-documents";
import { SHORT_CODE, TITLE, type Out, pagination } from "./examples/story";
import { defineOperation } from "./operation";
import { READS } from "./tool-hints";

/** Search inside pages (issue 44; additive, not in docs/api-contract.md). */

const searchExample = {
  results: [
    {
      short_code: SHORT_CODE,
      title: TITLE,
      title_matches: false,
      pages: [
        { page: 4, snippet: "Q3 **revenue** grew 18% year on year, led by the enterprise plan" },
        { page: 9, snippet: "… recurring **revenue** by cohort: churn fell to 2.1% … " },
      ],
      matching_pages: 2,
      pages_without_text: 0,
    },
  ],
  pagination: pagination(1),
} satisfies Out<typeof searchResultsSchema>;

export const searchText = defineOperation({
  method: "GET",
  path: "/api/v1/search",
  operationId: "searchText",
  summary: "Search titles and page text",
  description:
    "The team's documents whose title or current version's text matches `q` (accents and case ignored; \"quoted phrases\", -excluded words and `or` as in a web search): titles first, then the best matching text. Each lists its first 5 matching pages with a snippet in which matching words are marked `**like this**`, how many pages match, and how many pages have no text to search (scanned).",
  tag: "Search",
  can: "documents.read",
  query: searchQuery,
  response: { status: 200, description: "The matching documents and their pages", schema: searchResultsSchema, example: searchExample },
  errors: [400],
  handle: ({ access, query }) => searchDocuments(access.teamId, query),
  mcp: {
    name: "search_text",
    title: "Search inside documents",
    description:
      "Find the team's documents and pages that mention words: matches titles and the text of every page (accents and case ignored; \"quoted phrases\" and -excluded words work). Returns each document's short_code, title and first matching pages with snippets (matches marked **like this**), with pagination. Same answer as GET /api/v1/search.",
    annotations: READS,
  },
});

export const SEARCH_OPERATIONS = [searchText];
