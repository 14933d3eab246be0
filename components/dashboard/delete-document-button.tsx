"use client";

import { useTransition } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { deleteDocumentAction } from "@/lib/http/actions/document-actions";
import { rememberDeletedTitle } from "./deleted-document-notice";

export function DeleteDocumentButton({ code, title }: { code: string; title: string }) {
  const [pending, start] = useTransition();
  return (
    <ConfirmButton
      className="text-red-700"
      pending={pending}
      title={`Delete “${title}”?`}
      description="The link stops working at once and readers see “no longer available”. Its analytics are kept."
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
