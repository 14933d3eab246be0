"use client";

import { type FormEvent, useId, useRef, useState } from "react";
import { MarkedSnippet } from "@/components/ui/marked-snippet";
import { ToolbarButton } from "../toolbar-button";

type Found = { page: number; snippet: string };
type SearchState =
  | { status: "idle" }
  | { status: "searching"; q: string }
  | { status: "done"; q: string; pages: Found[]; withoutText: number }
  | { status: "failed"; message: string };

const SEARCH_MAX = 200;

async function searchPages(code: string, q: string): Promise<SearchState> {
  const response = await fetch(`/s/${code}/search?q=${encodeURIComponent(q)}`, { cache: "no-store" }).catch(() => null);
  const body = (await response?.json().catch(() => null)) as {
    pages?: Found[];
    pages_without_text?: number;
    error?: { message?: string };
  } | null;
  if (!response?.ok || !body?.pages) return { status: "failed", message: body?.error?.message ?? "Search is not available right now." };
  return { status: "done", q, pages: body.pages, withoutText: body.pages_without_text ?? 0 };
}

function statusLine(state: SearchState): string {
  switch (state.status) {
    case "idle":
      return "";
    case "searching":
      return "Searching…";
    case "failed":
      return state.message;
    case "done": {
      const found =
        state.pages.length === 0
          ? "No pages you can read match."
          : `${state.pages.length === 1 ? "1 page matches" : `${state.pages.length} pages match`}.`;
      const scanned =
        state.withoutText > 0
          ? ` ${state.withoutText === 1 ? "1 page is" : `${state.withoutText} pages are`} scanned, with no text to search.`
          : "";
      return found + scanned;
    }
  }
}

/**
 * The toolbar's "Search in this document": a panel with a search box (Enter searches; Enter again
 * goes to the first match) listing the matching pages among those the reader may read, each a button
 * that goes to its page. Escape closes it and gives focus back to its button.
 */
export function DocumentSearch({ code, goTo }: { code: string; goTo?: (page: number) => void }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const toggleRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const panelId = useId();

  const close = () => {
    setOpen(false);
    toggleRef.current?.querySelector("button")?.focus();
  };
  const jump = (page: number) => {
    goTo?.(page);
    setOpen(false);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (!q) return;
    if (state.status === "done" && state.q === q && state.pages[0]) return jump(state.pages[0].page);
    setState({ status: "searching", q });
    setState(await searchPages(code, q));
  };

  return (
    <div className="relative order-2 sm:order-3" ref={toggleRef}>
      <ToolbarButton label="Search in this document" pressed={open} onClick={goTo && (() => setOpen((was) => !was))} disabled={false}>
        <svg aria-hidden width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4.5 4.5" strokeLinecap="round" />
        </svg>
      </ToolbarButton>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label="Search in this document"
          className="absolute top-11 right-0 z-40 w-[min(22rem,calc(100vw-1.5rem))] rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
        >
          <form role="search" onSubmit={submit}>
            <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-slate-600">
              Search in this document
            </label>
            <input
              id={inputId}
              name="q"
              type="search"
              autoFocus
              maxLength={SEARCH_MAX}
              defaultValue={state.status === "done" ? state.q : ""}
              placeholder="Words to find…"
              className="block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-900 focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            />
          </form>
          <p role="status" aria-live="polite" className="mt-2 text-xs text-slate-600 empty:hidden" data-testid="document-search-status">
            {statusLine(state)}
          </p>
          {state.status === "done" && state.pages.length > 0 && (
            <ul className="mt-2 max-h-80 space-y-1 overflow-y-auto" aria-label="Matching pages">
              {state.pages.map((found) => (
                <li key={found.page}>
                  <button
                    type="button"
                    onClick={() => jump(found.page)}
                    className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                  >
                    <span className="block text-xs font-semibold text-slate-900">Page {found.page}</span>
                    <span className="block text-slate-600">
                      <MarkedSnippet snippet={found.snippet} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
