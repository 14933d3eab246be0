"use client";

import { useActionState, useState, useTransition } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field, Input, inputClass } from "@/components/ui/field";
import { type RenameState, deleteTeamAction, renameTeamAction, transferOwnershipAction } from "@/lib/http/actions/team-actions";
import { SaveButton } from "@/components/ui/submit-button";

type Candidate = { user_id: string; label: string };

/** The owner's part of the Team page: rename, transfer ownership, delete. Only the owner is shown it. */
export function TeamOwnerSettings({ teamId, name, candidates }: { teamId: string; name: string; candidates: Candidate[] }) {
  const [renamed, rename, renaming] = useActionState<RenameState, FormData>(renameTeamAction, undefined);
  const [heir, setHeir] = useState(candidates[0]?.user_id ?? "");
  const [pending, start] = useTransition();
  const heirLabel = candidates.find((c) => c.user_id === heir)?.label ?? "";
  return (
    <div className="space-y-6" data-testid="team-owner-settings">
      <ActionForm dispatch={rename} state={renamed} className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <Field id="team-name" label="Team name" error={renamed?.fieldErrors?.name ?? renamed?.error}>
            <Input id="team-name" name="name" defaultValue={name} maxLength={100} aria-invalid={Boolean(renamed?.error)} />
          </Field>
        </div>
        <SaveButton pending={renaming} saved={renamed?.saved}>
          Rename
        </SaveButton>
      </ActionForm>
      {candidates.length > 0 && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1">
            <Field id="team-heir" label="Transfer ownership to" hint="You stay on as an admin.">
              <select id="team-heir" value={heir} onChange={(e) => setHeir(e.currentTarget.value)} className={inputClass}>
                {candidates.map((c) => (
                  <option key={c.user_id} value={c.user_id}>
                    {c.label}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <ConfirmButton
            pending={pending}
            title={`Make ${heirLabel} the owner?`}
            description="They can then rename or delete the team and transfer it again; you become an admin."
            confirmLabel="Transfer ownership"
            onConfirm={() => start(() => transferOwnershipAction(heir))}
          >
            Transfer
          </ConfirmButton>
        </div>
      )}
      <div>
        <ConfirmButton
          variant="danger"
          pending={pending}
          title="Delete this team?"
          description="Its documents, links, analytics, API keys, webhook and invitations are deleted for every member. This cannot be undone."
          confirmLabel="Delete team"
          onConfirm={() => start(() => deleteTeamAction(teamId))}
        >
          Delete team
        </ConfirmButton>
      </div>
    </div>
  );
}
