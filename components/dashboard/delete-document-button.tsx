"use client";

import { useTransition } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { deleteDocumentAction } from "@/lib/http/actions/document-actions";
import { TRASH_DAYS } from "@/lib/rules/trash";
import { rememberDeletedTitle } from "./deleted-document-notice";

export function DeleteDocumentButton({ code, title }: { code: string; title: string }) {
  const [pending, start] = useTransition();
  return (
    <ConfirmButton
      className="text-red-700"
      pending={pending}
      title={`Delete “${title}”?`}
      description={`The link stops working at once and readers see “no longer available”. For ${TRASH_DAYS} days an admin can restore it from the Trash with its links, versions and analytics; then it is deleted for good.`}
      confirmLabel="Delete"
      onConfirm={() => {
        rememberDeletedTitle(code, title);
        start(() => deleteDocumentAction(code));
      }}
    >
      {pending ? "Deleting…" : "Delete document"}
    </ConfirmButton>
  );
}
