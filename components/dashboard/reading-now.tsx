"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import type { ReaderNow } from "@/lib/analytics/reading-now";

/** Often enough that a reader turning a page shows within seconds; the answer is one indexed query. */
const POLL_MS = 5_000;

/**
 * The team's readers active in the last two minutes, on their document and page, polled while the
 * page is open (and visible: a hidden tab asks again when it comes back). Changes are announced politely.
 */
export function ReadingNow({ initial }: { initial: ReaderNow[] }) {
  const [readers, setReaders] = useState(initial);
  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      if (document.visibilityState !== "visible") return;
      const response = await fetch("/api/dashboard/reading-now", { cache: "no-store" }).catch(() => null);
      if (!stopped && response?.ok) setReaders(((await response.json()) as { readers: ReaderNow[] }).readers);
    };
    const timer = setInterval(refresh, POLL_MS);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);

  return (
    <div aria-live="polite" data-testid="reading-now">
      {readers.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">
          No one is reading right now. Readers show here within seconds of opening a link.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {readers.map((r) => (
            <li key={r.visit_id} className="flex items-center gap-3 py-2.5" data-testid="reader-now">
              <span aria-hidden className="relative flex h-2.5 w-2.5 shrink-0">
                <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:animate-none" />
                <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-emerald-500" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {r.email ? (
                    <Link href={`/contacts/${encodeURIComponent(r.email)}`} className="hover:text-brand-700">
                      {r.name ?? r.email}
                    </Link>
                  ) : (
                    "Anonymous reader"
                  )}
                </span>
                <span className="block truncate text-xs text-slate-600">
                  <Link href={`/documents/${r.document.short_code.slice(2)}`} className="hover:text-brand-700">
                    {r.document.title}
                  </Link>
                  {r.room && ` in ${r.room.name}`}
                </span>
              </span>
              <span className="shrink-0 text-sm text-slate-700 tabular-nums">
                {r.page === null ? "Opening" : `Page ${r.page} of ${r.page_count}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
