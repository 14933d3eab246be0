"use client";

import { useActionState, useState, useTransition } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { actionsColumn } from "@/components/ui/columns";
import { type Column, DataTable } from "@/components/ui/data-table";
import { Field, TextField } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { type KeyState, createApiKeyAction, regenerateApiKeyAction, revokeApiKeyAction } from "@/lib/http/actions/settings-actions";
import { LocalTime } from "@/components/ui/local-time";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { SubmitButton } from "@/components/ui/submit-button";

export type KeyRow = {
  id: string;
  name: string;
  last4: string;
  access: "read" | "write";
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const ACCESS_LABELS: Record<KeyRow["access"], string> = { write: "Read and write", read: "Read only" };

function NewKey({ state }: { state: KeyState }) {
  if (!state?.key) return null;
  return (
    <OneTimeSecret message={`Your new key “${state.name}”. Copy it now: it is not shown again.`} value={state.key} testId="new-api-key" />
  );
}

export function ApiKeys({ keys }: { keys: KeyRow[] }) {
  const [created, create, creating] = useActionState<KeyState, FormData>(createApiKeyAction, undefined);
  const [regenerated, setRegenerated] = useState<KeyState>(undefined);
  const [pending, start] = useTransition();
  const shown = regenerated ?? created;
  const date = (iso: string | null) => (iso ? <LocalTime value={iso} /> : "Never");
  const columns: Array<Column<KeyRow>> = [
    { key: "name", header: "Name", cellClassName: "font-medium", cell: (k) => k.name },
    { key: "key", header: "Key", cellClassName: "whitespace-nowrap font-mono", cell: (k) => `pw_live_…${k.last4}` },
    { key: "access", header: "Access", cellClassName: "whitespace-nowrap", cell: (k) => ACCESS_LABELS[k.access] },
    { key: "created", header: "Created", hideBelow: "sm", cellClassName: "whitespace-nowrap", cell: (k) => date(k.createdAt) },
    { key: "last-used", header: "Last used", cellClassName: "whitespace-nowrap", cell: (k) => date(k.lastUsedAt) },
    actionsColumn(
      (k) =>
        k.revokedAt ? (
          <span className="text-xs">Revoked {date(k.revokedAt)}</span>
        ) : (
          <span className="inline-flex gap-2">
            <ConfirmButton
              size="sm"
              pending={pending}
              aria-label={`Regenerate ${k.name}`}
              title={`Regenerate “${k.name}”?`}
              description="You get a new key to copy. The current key stops working at once, so apps using it fail until you give them the new one."
              confirmLabel="Regenerate key"
              onConfirm={() => start(async () => setRegenerated(await regenerateApiKeyAction(k.id)))}
            >
              Regenerate
            </ConfirmButton>
            <ConfirmButton
              size="sm"
              className="text-red-700"
              pending={pending}
              aria-label={`Revoke ${k.name}`}
              title={`Revoke “${k.name}”?`}
              description="Apps using it stop working at once. This cannot be undone; create a new key if you need one again."
              confirmLabel="Revoke key"
              onConfirm={() => start(() => revokeApiKeyAction(k.id))}
            >
              Revoke
            </ConfirmButton>
          </span>
        ),
      "whitespace-nowrap",
    ),
  ];

  return (
    <div className="space-y-6">
      <form
        action={(form) => {
          setRegenerated(undefined);
          create(form);
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="min-w-56 flex-1">
          <TextField
            id="key-name"
            label="Key name"
            hint="What will use it, e.g. “CRM sync”"
            name="name"
            maxLength={100}
            placeholder="CRM sync"
            error={created?.fieldErrors?.name}
          />
        </div>
        <div className="min-w-44">
          <Field id="key-access" label="Access" hint="Read only: for reports and assistants">
            {(control) => <Select {...control} name="access" defaultValue="write" options={Object.entries(ACCESS_LABELS)} />}
          </Field>
        </div>
        <SubmitButton pending={creating} pendingLabel="Creating…">
          Create API key
        </SubmitButton>
      </form>
      <NewKey state={shown} />
      <DataTable
        caption="API keys"
        columns={columns}
        rows={keys}
        rowKey={(k) => k.id}
        rowProps={(k) => ({ className: k.revokedAt ? "text-slate-500" : "" })}
        empty={<p className="text-sm text-slate-500">No API keys yet. Create one to use the REST API.</p>}
      />
    </div>
  );
}
