"use client";

import { useRef, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { deleteDocumentAction } from "@/lib/dashboard/document-actions";

/** Delete behind a native <dialog>: focus is trapped and Escape cancels. */
export function DeleteDocumentButton({ code, title }: { code: string; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, start] = useTransition();
  return (
    <>
      <Button variant="secondary" onClick={() => dialog.current?.showModal()} className="text-red-700">
        Delete document
      </Button>
      <dialog ref={dialog} aria-labelledby="delete-title" className="m-auto w-full max-w-md rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40">
        <div className="p-6">
          <h2 id="delete-title" className="text-lg font-semibold text-slate-900">Delete “{title}”?</h2>
          <p className="mt-2 text-sm text-slate-600">The link stops working at once and readers see “no longer available”. Its analytics are kept.</p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>Cancel</Button>
            <Button variant="danger" disabled={pending} onClick={() => start(() => deleteDocumentAction(code))}>
              {pending ? "Deleting…" : "Delete"}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
