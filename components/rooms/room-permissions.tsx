"use client";

import { useState, useTransition } from "react";
import { FormError } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { PermissionRow } from "@/lib/dashboard/room-permission-rows";
import { setGroupLevelAction } from "@/lib/http/actions/room-group-actions";
import { LEVEL_OPTIONS, LEVEL_WORDS, type Level } from "./room-levels";

/**
 * Folders and documents × groups: each cell sets the group's level there, or follows what it
 * inherits (shown in the choice). A level set below the top level only lowers what is inherited.
 */
export function RoomPermissions({
  roomId,
  groups,
  rows,
  writes,
}: {
  roomId: string;
  groups: Array<{ id: string; name: string }>;
  rows: PermissionRow[];
  writes: boolean;
}) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string>();
  if (groups.length === 0) return <p className="text-sm text-slate-500">Add a group to choose what it sees.</p>;
  if (rows.length === 0) return <p className="text-sm text-slate-500">The room is empty.</p>;
  const set = (groupId: string, row: PermissionRow, value: string) =>
    start(async () => {
      setError(undefined);
      try {
        await setGroupLevelAction(roomId, groupId, row.target, value === "" ? null : (value as Level));
      } catch {
        setError(`The level of “${row.label}” could not be saved. Reload the page and try again.`);
      }
    });
  return (
    <div className="flex flex-col gap-3">
      <FormError message={error} />
      <div className="overflow-x-auto">
        <table className="w-full min-w-max text-sm">
          <caption className="sr-only">What each group sees of each folder and document</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                Folder or document
              </th>
              {groups.map((group) => (
                <th key={group.id} scope="col" className="px-2 py-2 font-medium">
                  {group.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="py-2 pr-4 text-left font-normal text-slate-900">
                  <span style={{ paddingLeft: `${row.depth * 1.25}rem` }} className={row.kind === "folder" ? "font-medium" : ""}>
                    {row.kind === "folder" ? "📁 " : ""}
                    {row.label}
                  </span>
                </th>
                {groups.map((group, index) => {
                  const cell = row.cells[index]!;
                  const label = `${group.name}: ${row.label}`;
                  return (
                    <td key={group.id} className="px-2 py-1">
                      {writes ? (
                        <Select
                          aria-label={label}
                          className="w-auto py-1"
                          value={cell.set ?? ""}
                          disabled={pending}
                          options={[["", `Inherit (${LEVEL_WORDS[cell.inherited]})`], ...LEVEL_OPTIONS]}
                          onChange={(event) => set(group.id, row, event.target.value)}
                        />
                      ) : (
                        <span aria-label={label}>{LEVEL_WORDS[cell.level]}</span>
                      )}
                      {cell.set && cell.set !== cell.level && (
                        <p className="mt-0.5 text-xs text-slate-500">{`Gets ${LEVEL_WORDS[cell.level]}: its folder allows no more`}</p>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
