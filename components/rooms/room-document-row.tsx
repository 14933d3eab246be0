"use client";

import { Button } from "@/components/ui/button";
import { IndexNumber } from "@/components/ui/index-number";
import { Select } from "@/components/ui/select";
import { moveRoomDocumentAction, removeRoomDocumentAction } from "@/lib/http/actions/room-actions";
import type { TreeNode } from "@/lib/dashboard/room-tree";
import type { RunChange } from "./use-room-change";

const DRAG_TYPE = "application/x-pagewise-room-document";

/** Where a dragged document lands: the drop target's folder, and its place there (left out: last). */
export function dropHandlers(roomId: string, run: RunChange, folderId: string | null, position?: number) {
  return {
    onDragOver: (event: React.DragEvent) => {
      if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
    },
    onDrop: (event: React.DragEvent) => {
      const code = event.dataTransfer.getData(DRAG_TYPE);
      if (!code) return;
      event.preventDefault();
      event.stopPropagation();
      run(() => moveRoomDocumentAction(roomId, code, { folder_id: folderId, ...(position === undefined ? {} : { position }) }));
    },
  };
}

/** One document of the room: draggable, with the keyboard's way to do the same (up, down, to a folder) and Remove. */
export function RoomDocumentRow({
  roomId,
  entry,
  last,
  folders,
  run,
  pending,
  writes,
}: {
  roomId: string;
  entry: TreeNode["documents"][number];
  last: boolean;
  folders: Array<[string, string]>;
  run: RunChange;
  pending: boolean;
  writes: boolean;
}) {
  const move = (change: { folder_id?: string | null; position?: number }) =>
    run(() => moveRoomDocumentAction(roomId, entry.short_code, change));
  if (!writes)
    return (
      <li className="flex items-baseline gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900">
        <IndexNumber value={entry.index} />
        <span className="min-w-0 break-words">{entry.title}</span>
      </li>
    );
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, entry.short_code);
        event.dataTransfer.effectAllowed = "move";
      }}
      {...dropHandlers(roomId, run, entry.folder_id, entry.position)}
      aria-label={entry.title}
      className="flex cursor-grab flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2"
    >
      <span className="flex min-w-0 flex-1 items-baseline gap-2 text-sm break-words text-slate-900">
        <IndexNumber value={entry.index} />
        <span className="min-w-0">{entry.title}</span>
      </span>
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="secondary"
          size="sm"
          disabled={pending || entry.position === 0}
          onClick={() => move({ position: entry.position - 1 })}
        >
          Move up
        </Button>
        <Button variant="secondary" size="sm" disabled={pending || last} onClick={() => move({ position: entry.position + 1 })}>
          Move down
        </Button>
        <Select
          aria-label={`Move ${entry.title} to folder`}
          className="w-auto max-w-44"
          value={entry.folder_id ?? ""}
          disabled={pending}
          options={[["", "Top level"], ...folders]}
          onChange={(event) => move({ folder_id: event.target.value || null })}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={() => run(() => removeRoomDocumentAction(roomId, entry.short_code))}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}
