"use client";

import { useTransition } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { actionsColumn } from "@/components/ui/columns";
import { type Column, DataTable } from "@/components/ui/data-table";
import { inputClass } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { changeRoleAction, removeMemberAction } from "@/lib/http/actions/team-actions";

export type MemberRow = { user_id: string; email: string; name: string | null; role: "owner" | "admin" | "member"; joined_at: string };

/**
 * The team's members. Admins and the owner change roles (below owner) and remove members; anyone
 * but the owner may leave. What the role cannot do is not shown; the server refuses it anyway.
 */
export function TeamMembers({ members, me, canManage }: { members: MemberRow[]; me: string; canManage: boolean }) {
  const [pending, start] = useTransition();
  const who = (row: MemberRow) => row.name ?? row.email;
  const columns: Array<Column<MemberRow>> = [
    {
      key: "member",
      header: "Member",
      cellClassName: "font-medium",
      cell: (row) => (
        <>
          {who(row)}
          {row.name && <span className="block text-xs font-normal text-slate-500">{row.email}</span>}
        </>
      ),
    },
    {
      key: "role",
      header: "Role",
      cell: (row) =>
        canManage && row.role !== "owner" ? (
          <select
            aria-label={`Role of ${who(row)}`}
            defaultValue={row.role}
            disabled={pending}
            className={`${inputClass} w-32`}
            onChange={(event) => {
              const role = event.currentTarget.value as "admin" | "member";
              start(() => changeRoleAction(row.user_id, role));
            }}
          >
            <option value="member">member</option>
            <option value="admin">admin</option>
          </select>
        ) : (
          <span data-testid="member-role">{row.role}</span>
        ),
    },
    { key: "joined", header: "Joined", hideBelow: "sm", cell: (row) => <LocalTime value={row.joined_at} /> },
    actionsColumn((row) => {
      const self = row.user_id === me;
      if (row.role === "owner" || (!canManage && !self)) return null;
      return (
        <ConfirmButton
          size="sm"
          className="text-red-700"
          pending={pending}
          title={self ? "Leave this team?" : `Remove ${who(row)}?`}
          description={
            self
              ? "You lose access to the team's documents at once, the API keys you made in it are revoked, and its webhook is disabled if you set its address."
              : "They lose access to the team's documents at once, the API keys they made in it are revoked, and its webhook is disabled if they set its address."
          }
          confirmLabel={self ? "Leave team" : "Remove"}
          onConfirm={() => start(() => removeMemberAction(row.user_id))}
          aria-label={self ? "Leave this team" : `Remove ${who(row)}`}
        >
          {self ? "Leave" : "Remove"}
        </ConfirmButton>
      );
    }),
  ];
  return (
    <DataTable
      data-testid="team-members"
      caption="Members"
      columns={columns}
      rows={members}
      rowKey={(row) => row.user_id}
      empty={<p className="text-sm text-slate-500">No members.</p>}
    />
  );
}
