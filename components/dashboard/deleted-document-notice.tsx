"use client";

import { useSearchParams } from "next/navigation";
import { useSyncExternalStore } from "react";
import { SolidIcon } from "@/components/ui/icons";
import { TRASH_DAYS } from "@/lib/rules/trash";

const key = (code: string) => `pagewise:deleted:${code}`;

/** Kept for the list's confirmation: the list only learns the deleted document's code. */
export function rememberDeletedTitle(code: string, title: string) {
  sessionStorage.setItem(key(code), title);
}

const noSubscription = () => () => {};

/**
 * "“Q3 deck” was moved to the Trash" on the page a deletion lands on (`?deleted=<code>`), in a status region
 * so screen readers announce it. The title comes from this tab's session; a link opened elsewhere
 * says only that a document was deleted, and never shows text taken from the URL.
 */
export function DeletedDocumentNotice() {
  const code = useSearchParams().get("deleted");
  const title = useSyncExternalStore(
    noSubscription,
    () => (code ? sessionStorage.getItem(key(code)) : null),
    () => null,
  );
  return (
    <div role="status" className="empty:hidden">
      {code && (
        <p className="mb-4 flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <SolidIcon name="check" />
          {title ? `“${title}” was moved to the Trash.` : "The document was moved to the Trash."} Its link no longer works; an admin can
          restore it for {TRASH_DAYS} days.
        </p>
      )}
    </div>
  );
}
