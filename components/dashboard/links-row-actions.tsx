"use client";

import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { deleteLinkAction, setLinkActiveAction } from "@/lib/http/actions/link-actions";
import type { LinkOverrides } from "@/lib/links/shared-document";
import { LinkFormDialog } from "./links-form";

/** Edit, disable or enable, and delete one link. */
export function LinkRowActions({
  code,
  name,
  isActive,
  overrides,
}: {
  code: string;
  name: string;
  isActive: boolean;
  overrides: LinkOverrides;
}) {
  const [pending, start] = useTransition();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <LinkFormDialog target={{ kind: "edit", code, name, overrides }} label="Edit" />
      <Button variant="secondary" size="sm" disabled={pending} onClick={() => start(() => setLinkActiveAction(code, !isActive))}>
        {isActive ? "Disable" : "Enable"}
      </Button>
      <ConfirmButton
        size="sm"
        className="text-red-700"
        pending={pending}
        title={`Delete “${name}”?`}
        description="Readers of this link see “no longer available” at once. Its visits and leads keep counting for the document."
        confirmLabel="Delete link"
        onConfirm={() => start(() => deleteLinkAction(code))}
      >
        Delete
      </ConfirmButton>
    </div>
  );
}
