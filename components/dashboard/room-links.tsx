"use client";

import { useActionState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { createRoomLinkAction } from "@/lib/http/actions/room-actions";

type Link = { code: string; url: string; name: string };

function LinkRow({ name, url }: { name: string; url: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{name}</p>
        <p className="text-xs break-all text-slate-500">{url}</p>
      </div>
      <CopyButton value={url} label="Copy link" />
    </li>
  );
}

/** The room's default link and one per recipient (following the room's settings), with the form for another. */
export function RoomLinks({ roomId, defaultUrl, links, writes }: { roomId: string; defaultUrl: string; links: Link[]; writes: boolean }) {
  const [state, dispatch, pending] = useActionState(createRoomLinkAction.bind(null, roomId), undefined);
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Room links" className="divide-y divide-slate-100">
        <LinkRow name="Default link" url={defaultUrl} />
        {links.map((link) => (
          <LinkRow key={link.code} name={link.name} url={link.url} />
        ))}
      </ul>
      {writes && (
        <ActionForm dispatch={dispatch} state={state} aria-label="New recipient link" className="flex flex-col gap-3">
          <FormError message={state?.error} />
          <TextField
            id="room-link-name"
            name="name"
            label="Recipient"
            hint="Who this link is for; it follows the room's settings."
            required
            error={state?.fieldErrors?.name}
          />
          <div>
            <SubmitButton pending={pending} pendingLabel="Creating…" variant="secondary">
              Create link
            </SubmitButton>
          </div>
        </ActionForm>
      )}
    </div>
  );
}
