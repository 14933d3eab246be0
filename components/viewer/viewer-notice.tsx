import { useCallback } from "react";
import type { ClosedReason } from "./tracking/reading-tracker";

const NOTICES = {
  gone: {
    border: "border-slate-200",
    title: "This document is no longer available",
    text: "The person who shared it has removed it or turned the link off. Ask them for a new link if you still need it.",
  },
  unavailable: {
    border: "border-slate-200",
    title: "This link is no longer available",
    text: "The person who shared it has removed it or turned the link off. Ask them for a new link if you still need it.",
  },
  failed: {
    border: "border-red-200",
    title: "This document could not be displayed",
    text: "Check your connection and reload the page. If it keeps happening, ask the sender for a new link.",
  },
} as const;

export type ViewerNoticeKind = keyof typeof NOTICES;

/**
 * Why the pages are not shown: the document or link was closed while open, or the file would not
 * open. It takes the focus, which was on pages, a gate or a button that are gone, so a screen
 * reader reads it and the keyboard starts from it.
 */
export function ViewerNotice({ kind }: { kind: ViewerNoticeKind }) {
  const notice = NOTICES[kind];
  const focusOnShow = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  return (
    <div
      ref={focusOnShow}
      role="alert"
      tabIndex={-1}
      data-testid="viewer-notice"
      className={`mt-16 max-w-md rounded-xl border ${notice.border} bg-white p-6 text-center shadow-sm focus:outline-none`}
    >
      <h2 className="font-semibold text-slate-900">{notice.title}</h2>
      <p className="mt-2 text-sm text-slate-600">{notice.text}</p>
    </div>
  );
}

/** The notice to show instead of the pages, if any: a closed visit wins over a file that failed. */
export function viewerNoticeFor(closed: ClosedReason | null, failed: boolean): ViewerNoticeKind | null {
  if (closed === "gone" || closed === "unavailable") return closed;
  return failed ? "failed" : null;
}
