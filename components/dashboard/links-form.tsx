"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogDescription, DialogTitle, useDialog, useDialogTitleId } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { createLinkAction, type LinkFormState, updateLinkAction } from "@/lib/http/actions/link-actions";
import type { LinkOverrides } from "@/lib/links/shared-document";
import { LinkMainFields } from "./link-form-fields";
import { LinkMoreRules } from "./link-more-rules";

type Target = { kind: "create"; documentCode: string } | { kind: "edit"; code: string; name: string; overrides: LinkOverrides };

/**
 * A button opening the link form in a modal dialog: create a link, or edit one. Each setting
 * follows the document unless a choice overrides it; saving closes the dialog.
 */
export function LinkFormDialog({ target, label }: { target: Target; label: string }) {
  const { control, openerProps, close } = useDialog();
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <>
      {created && <CreatedLink created={created} />}
      <Button {...openerProps} variant={target.kind === "create" ? "primary" : "secondary"} size="sm">
        {label}
      </Button>
      <Dialog control={control} width="lg">
        <LinkForm target={target} close={close} onCreated={setCreated} />
      </Dialog>
    </>
  );
}

type Created = { name: string; url: string; copied: boolean };

/** A new link's address, copied for the owner as it was made, and said so; where the browser refused the copy, a button to copy it. */
function CreatedLink({ created }: { created: Created }) {
  return (
    <span role="status" className="flex flex-wrap items-center gap-2 text-sm text-emerald-800" data-testid="link-created">
      {created.copied ? `“${created.name}” created; its link is copied.` : `“${created.name}” created.`}
      {!created.copied && <CopyButton value={created.url} label="Copy its link" />}
    </span>
  );
}

function LinkForm({ target, close, onCreated }: { target: Target; close: () => void; onCreated: (created: Created) => void }) {
  const action = target.kind === "create" ? createLinkAction.bind(null, target.documentCode) : updateLinkAction.bind(null, target.code);
  const [state, dispatch, pending] = useActionState<LinkFormState, FormData>(action, undefined);
  const form = useRef<HTMLDivElement>(null);
  const id = useId();
  const errors = state?.fieldErrors ?? {};
  const overrides = target.kind === "edit" ? target.overrides : {};

  useEffect(() => {
    if (!state?.ok) return;
    close();
    if (target.kind !== "create") return;
    form.current?.closest("form")?.reset();
    const made = state.created;
    if (made) {
      navigator.clipboard.writeText(made.url).then(
        () => onCreated({ ...made, copied: true }),
        () => onCreated({ ...made, copied: false }),
      );
    }
  }, [state, target.kind, close, onCreated]);

  return (
    <ActionForm dispatch={dispatch} state={state} className="space-y-4 p-6" aria-labelledby={useDialogTitleId()}>
      <div ref={form}>
        <DialogTitle>{target.kind === "create" ? "New link" : `Edit “${target.name}”`}</DialogTitle>
        <DialogDescription className="mt-1">Each setting follows the document unless you choose otherwise here.</DialogDescription>
      </div>
      <LinkMainFields
        id={id}
        name={target.kind === "edit" ? target.name : ""}
        overrides={overrides}
        errors={errors}
        editing={target.kind === "edit"}
      />
      <LinkMoreRules id={id} overrides={overrides} errors={errors} />
      <FormError message={state?.error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : target.kind === "create" ? "Create link" : "Save link"}
        </Button>
      </div>
    </ActionForm>
  );
}
