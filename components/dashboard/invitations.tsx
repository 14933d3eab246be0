"use client";

import { useActionState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { actionsColumn } from "@/components/ui/columns";
import { type Column, DataTable } from "@/components/ui/data-table";
import { Field, inputClass, TextField } from "@/components/ui/field";
import { type InvitationState, createInvitationAction, revokeInvitationAction } from "@/lib/http/actions/invitation-actions";
import { LocalTime } from "@/components/ui/local-time";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { SubmitButton } from "@/components/ui/submit-button";

export type InvitationRow = {
  id: string;
  email: string | null;
  role: "owner" | "admin" | "member";
  createdAt: string;
  expiresAt: string;
  status: "active" | "used" | "revoked" | "expired";
  usedBy: string | null;
};

/** What became of a new invitation: emailed (the link also to copy), or the link to pass on, and why it was not emailed. */
function invitationMessage({ email, emailed }: NonNullable<InvitationState>): string {
  if (emailed) return `Invitation emailed to ${email}. The link is also here to copy, once: it is not shown again.`;
  const why = email
    ? `No email server is set up on this Pagewise (SMTP_URL), so it was not emailed to ${email}: send the link yourself.`
    : "It is for anyone with the link: send it to the person you invite.";
  return `${why} Copy it now: it is not shown again.`;
}

function NewInvitation({ state }: { state: InvitationState }) {
  if (!state?.url) return null;
  return <OneTimeSecret message={invitationMessage(state)} value={state.url} testId="new-invitation-link" />;
}

function statusText(row: InvitationRow) {
  if (row.status === "used") return `Used${row.usedBy ? ` by ${row.usedBy}` : ""}`;
  if (row.status === "revoked") return "Revoked";
  if (row.status === "expired") return "Expired";
  return (
    <>
      Open until <LocalTime value={row.expiresAt} />
    </>
  );
}

export function Invitations({ invitations, days }: { invitations: InvitationRow[]; days: readonly number[] }) {
  const [created, create, creating] = useActionState<InvitationState, FormData>(createInvitationAction, undefined);
  const [pending, start] = useTransition();
  const columns: Array<Column<InvitationRow>> = [
    { key: "for", header: "For", cellClassName: "font-medium", cell: (row) => `${row.email ?? "Anyone with the link"} · ${row.role}` },
    {
      key: "created",
      header: "Created",
      hideBelow: "sm",
      cellClassName: "whitespace-nowrap",
      cell: (row) => <LocalTime value={row.createdAt} />,
    },
    { key: "status", header: "Status", cellClassName: "whitespace-nowrap", cell: (row) => statusText(row) },
    actionsColumn(
      (row) =>
        row.status === "active" && (
          <Button
            size="sm"
            variant="secondary"
            className="text-red-700"
            disabled={pending}
            onClick={() => start(() => revokeInvitationAction(row.id))}
            aria-label={`Revoke invitation for ${row.email ?? "anyone with the link"}`}
          >
            Revoke
          </Button>
        ),
      "whitespace-nowrap",
    ),
  ];
  return (
    <div className="space-y-6">
      <form action={create} className="flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-56 flex-1">
          <TextField
            id="invite-email"
            label="Email (optional)"
            hint="Only this address can use the link. Leave empty for anyone who has it."
            error={created?.fieldErrors?.email}
            name="email"
            type="email"
            autoComplete="off"
            placeholder="colleague@example.com"
          />
        </div>
        <div className="w-36">
          <Field id="invite-role" label="Role" error={created?.fieldErrors?.role}>
            <select id="invite-role" name="role" defaultValue="member" className={inputClass}>
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </select>
          </Field>
        </div>
        <div className="w-40">
          <Field id="invite-days" label="Valid for" error={created?.fieldErrors?.days}>
            <select id="invite-days" name="days" defaultValue="7" className={inputClass}>
              {days.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? "1 day" : `${d} days`}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <SubmitButton pending={creating} pendingLabel="Creating…">
          Create invitation
        </SubmitButton>
      </form>
      <NewInvitation state={created} />
      <DataTable
        data-testid="invitations-table"
        caption="Invitations"
        columns={columns}
        rows={invitations}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ className: row.status === "active" ? "" : "text-slate-500" })}
        empty={<p className="text-sm text-slate-500">No invitations yet.</p>}
      />
    </div>
  );
}
