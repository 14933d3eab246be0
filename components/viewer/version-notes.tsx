"use client";

import { useState } from "react";

const NOTE = "flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-800 shadow-lg";
const BUTTON =
  "shrink-0 rounded-md px-3 py-1 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900";

/** The page shows a version that is no longer current; reloading shows the new one, when the reader chooses. */
export function NewVersionBanner() {
  return (
    <div role="status" data-testid="new-version-banner" className={NOTE}>
      <span>This document was updated. Reload to read the new version.</span>
      <button type="button" onClick={() => window.location.reload()} className={`${BUTTON} bg-slate-900 text-white hover:bg-slate-700`}>
        Reload
      </button>
    </div>
  );
}

/** The reader's last visit read an older version: what they see now is the update of `updatedAt`. Rendered in the browser only, in its locale. */
export function UpdatedSinceNote({ updatedAt }: { updatedAt: string }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const day = new Date(updatedAt).toLocaleDateString(undefined, { dateStyle: "medium" });
  return (
    <div role="status" data-testid="updated-since-note" className={NOTE}>
      <span>
        <strong className="font-semibold">Updated since your last visit</strong> <span className="text-slate-600">on {day}</span>
      </span>
      <button type="button" onClick={() => setDismissed(true)} className={`${BUTTON} text-slate-700 hover:bg-slate-100`}>
        Dismiss
      </button>
    </div>
  );
}
