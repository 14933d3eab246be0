import { Card } from "@/components/ui/card";
import { MarkedSnippet } from "@/components/ui/marked-snippet";
import type { DocumentsPageData } from "@/lib/dashboard/documents-page-data";
import { plural } from "@/lib/plural";

/**
 * The documents whose pages mention the search, above the list (which matches titles): each
 * matching page with its snippet, opening the document's preview at that page in a new tab.
 */
export function TextSearchResults({ search, results }: { search: string; results: DocumentsPageData["textResults"] }) {
  return (
    <Card
      className="mb-4"
      title="Found in the text"
      description={
        results.length === 0 ? (
          <>No page mentions “{search}”.</>
        ) : (
          <>
            {plural(results.length, "document")} with pages that mention “{search}”.
          </>
        )
      }
    >
      {results.length > 0 && (
        <ul className="divide-y divide-slate-100" data-testid="text-search-results">
          {results.map((result) => {
            const code = result.short_code.replace(/^s-/, "");
            const more = result.matching_pages - result.pages.length;
            return (
              <li key={result.short_code} className="py-3 first:pt-0 last:pb-0">
                <p className="text-sm font-medium text-slate-900">{result.title}</p>
                <ul className="mt-1 space-y-1">
                  {result.pages.map((page) => (
                    <li key={page.page}>
                      <a
                        href={`/s/${code}#page=${page.page}`}
                        target="_blank"
                        rel="noreferrer"
                        className="block rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                      >
                        <span className="mr-2 font-semibold text-brand-700">Page {page.page}</span>
                        <MarkedSnippet snippet={page.snippet} />
                      </a>
                    </li>
                  ))}
                </ul>
                {(more > 0 || result.pages_without_text > 0) && (
                  <p className="mt-1 px-2 text-xs text-slate-500">
                    {more > 0 && <>{plural(more, "more page")} match. </>}
                    {result.pages_without_text > 0 && <>{plural(result.pages_without_text, "page")} scanned, with no text to search.</>}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
