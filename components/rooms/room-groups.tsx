"use client";

import { useActionState, useTransition } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field, FormError, TextField } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SubmitButton } from "@/components/ui/submit-button";
import { createRoomGroupAction, deleteRoomGroupAction, setGroupDefaultAction } from "@/lib/http/actions/room-group-actions";
import { LEVEL_OPTIONS, type Level } from "./room-levels";

export type RoomGroupData = { id: string; name: string; defaultAccess: Level; links: number; viewAsUrl: string | null };

/** The room's groups (its parties): each one's level for what is added later, a way to view the room as it, and the form for another. */
export function RoomGroups({ roomId, groups, writes }: { roomId: string; groups: RoomGroupData[]; writes: boolean }) {
  const [state, dispatch, pending] = useActionState(createRoomGroupAction.bind(null, roomId), undefined);
  return (
    <div className="flex flex-col gap-4">
      {groups.length === 0 ? (
        <p className="text-sm text-slate-500">No groups: every link opens the whole room.</p>
      ) : (
        <ul aria-label="Groups" className="divide-y divide-slate-100">
          {groups.map((group) => (
            <GroupRow key={group.id} roomId={roomId} group={group} writes={writes} />
          ))}
        </ul>
      )}
      {writes && (
        <ActionForm dispatch={dispatch} state={state} aria-label="New group" className="flex flex-col gap-3">
          <FormError message={state?.error} />
          <TextField
            id="group-name"
            name="name"
            label="Group"
            hint="A party of the room, such as “Bidder A”."
            required
            maxLength={200}
            error={state?.fieldErrors?.name}
          />
          <Field id="group-default" label="Sees what is added at the top level" error={state?.fieldErrors?.default_access}>
            {(control) => <Select {...control} name="default_access" defaultValue="none" options={LEVEL_OPTIONS} />}
          </Field>
          <div>
            <SubmitButton pending={pending} pendingLabel="Adding…" variant="secondary">
              Add group
            </SubmitButton>
          </div>
        </ActionForm>
      )}
    </div>
  );
}

function GroupRow({ roomId, group, writes }: { roomId: string; group: RoomGroupData; writes: boolean }) {
  const [pending, start] = useTransition();
  const defaultId = `group-default-${group.id}`;
  return (
    <li aria-label={group.name} className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium break-words text-slate-900">{group.name}</p>
        <p className="text-xs text-slate-600">
          {group.links === 1 ? "1 link" : `${group.links} links`}
          {group.viewAsUrl && (
            <>
              {" · "}
              <a
                href={group.viewAsUrl}
                target="_blank"
                rel="noreferrer"
                className="text-brand-ink hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
              >
                View as this group
              </a>
            </>
          )}
        </p>
      </div>
      {writes && (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <label htmlFor={defaultId} className="text-xs text-slate-600">
            New at the top level
          </label>
          <Select
            id={defaultId}
            className="w-auto"
            value={group.defaultAccess}
            disabled={pending}
            options={LEVEL_OPTIONS}
            onChange={(event) => start(() => setGroupDefaultAction(roomId, group.id, event.target.value as Level))}
          />
          <ConfirmButton
            size="sm"
            className="text-red-700"
            pending={pending}
            title={`Delete “${group.name}”?`}
            description="Its links are deleted with it and stop opening the room at once. The room, its documents and its other links stay."
            confirmLabel="Delete group"
            onConfirm={() => start(() => deleteRoomGroupAction(roomId, group.id))}
          >
            Delete
          </ConfirmButton>
        </div>
      )}
    </li>
  );
}
