"use client";

import { useEffect, useState } from "react";
import { MarkedSnippet } from "@/components/ui/marked-snippet";

type Found = { code: string; title: string; index: string; pages: Array<{ page: number; snippet: string }> };
type Matches = { status: "searching" } | { status: "done"; results: Found[] } | { status: "failed" };

/** A search is sent once typing pauses this long: a word, not every letter, costs a request. */
const PAUSE_MS = 350;
const MIN_CHARACTERS = 2;

/**
 * Below the title matches of a room's search: the pages of the documents this reader may see whose
 * text mentions the words (`/s/<room>/search`), each a link that opens the document at that page.
 */
export function RoomTextMatches({ code, search }: { code: string; search: string }) {
  const [matches, setMatches] = useState<Matches | null>(null);
  const q = search.trim();

  useEffect(() => {
    if (q.length < MIN_CHARACTERS) return;
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      setMatches({ status: "searching" });
      const response = await fetch(`/s/${code}/search?q=${encodeURIComponent(q)}`, { signal: abort.signal, cache: "no-store" }).catch(
        () => null,
      );
      if (abort.signal.aborted) return;
      const body = (await response?.json().catch(() => null)) as { results?: Found[] } | null;
      setMatches(response?.ok && body?.results ? { status: "done", results: body.results } : { status: "failed" });
    }, PAUSE_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [code, q]);

  if (q.length < MIN_CHARACTERS || !matches) return null;
  return (
    <div className="mt-3 border-t border-slate-100 pt-3" data-testid="room-text-matches">
      <h2 className="px-2 text-sm font-semibold text-slate-900">In the text</h2>
      <p role="status" className="px-2 py-1 text-sm text-slate-600">
        {matches.status === "searching"
          ? "Searching the pages…"
          : matches.status === "failed"
            ? "The pages could not be searched right now."
            : matches.results.length === 0
              ? `No page mentions “${q}”.`
              : `${matches.results.length} document${matches.results.length === 1 ? "" : "s"} mention “${q}”`}
      </p>
      {matches.status === "done" && (
        <ul className="divide-y divide-slate-100">
          {matches.results.map((doc) => (
            <li key={doc.code} className="px-2 py-2">
              <p className="text-sm font-medium text-slate-900">
                <span className="mr-2 text-slate-500 tabular-nums">{doc.index}</span>
                {doc.title}
              </p>
              <ul className="mt-1 space-y-1">
                {doc.pages.map((page) => (
                  <li key={page.page}>
                    <a
                      href={`/s/${code}/${doc.code}#page=${page.page}`}
                      className="block rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                    >
                      <span className="mr-2 font-semibold text-brand-ink">Page {page.page}</span>
                      <MarkedSnippet snippet={page.snippet} />
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
