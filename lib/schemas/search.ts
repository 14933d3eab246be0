import { withoutNul } from "../request/nul-characters";
import { SNIPPET_MARK } from "../rules/search-snippet";
import { paginationQuery, paginationSchema } from "./common";
import { z } from "./zod";

/** Search inside pages (issue 44; additive, not in docs/api-contract.md). */

export const SEARCH_QUERY_MAX = 200;

const searchText = z
  .string({ error: "q is required" })
  .trim()
  .min(1, "q must not be empty")
  .max(SEARCH_QUERY_MAX, `q must be at most ${SEARCH_QUERY_MAX} characters`)
  .refine(withoutNul, "q must not contain NUL characters")
  .openapi({
    param: {
      name: "q",
      in: "query",
      required: true,
      description: `Words to find in titles and page text (1 to ${SEARCH_QUERY_MAX} characters; "quoted phrases", -excluded, or): accents and case are ignored`,
    },
    example: "revenue",
  });

export const searchQuery = z.object({ q: searchText, ...paginationQuery.shape });
export type SearchQuery = z.infer<typeof searchQuery>;

/** A reader's search within what they may read: the words alone. */
export const readerSearchQuery = z.object({ q: searchText });

export const pageMatchSchema = z
  .object({
    page: z.number().int().openapi({ example: 7 }),
    snippet: z.string().openapi({
      description: `Words around the match, each matching word between ${SNIPPET_MARK} marks; at most about 240 characters`,
      example: "Q3 **revenue** grew 18% year on year",
    }),
  })
  .openapi("PageMatch");

export const searchResultSchema = z
  .object({
    short_code: z.string().openapi({ example: "s-k3j9x0q2ab" }),
    title: z.string(),
    title_matches: z.boolean().openapi({ description: "The title contains the words" }),
    pages: z.array(pageMatchSchema).openapi({ description: "The first matching pages of the current version, in page order (at most 5)" }),
    matching_pages: z.number().int().openapi({ description: "How many pages match in all" }),
    pages_without_text: z
      .number()
      .int()
      .openapi({ description: "Pages with no text to search (scanned images): their words cannot be found until text is extracted" }),
  })
  .openapi("SearchResult");

export const searchResultsSchema = z
  .object({ results: z.array(searchResultSchema), pagination: paginationSchema })
  .openapi("SearchResults");

export const readerSearchResultsSchema = z.object({
  pages: z.array(pageMatchSchema),
  /** Pages of the document the reader may read but whose words cannot be searched. */
  pages_without_text: z.number().int(),
});
