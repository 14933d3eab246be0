import { snippetParts } from "@/lib/rules/search-snippet";

/**
 * A search snippet with its matching words highlighted: split on the marks the server put around
 * them and every part rendered as text, so nothing in a document can become markup.
 */
export function MarkedSnippet({ snippet }: { snippet: string }) {
  return (
    <>
      {snippetParts(snippet).map((part, i) =>
        part.marked ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
