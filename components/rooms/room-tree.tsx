"use client";

import { folderMoveTargets, folderPaths, type TreeNode } from "@/lib/dashboard/room-tree";
import { FormError } from "@/components/ui/field";
import { IndexNumber } from "@/components/ui/index-number";
import { RoomDocumentRow, dropHandlers } from "./room-document-row";
import { RoomFolderHeader } from "./room-folder-header";
import { type RunChange, useRoomChange } from "./use-room-change";

type Folder = { id: string; name: string; parent_id: string | null; position: number; index: string };
type Shared = { roomId: string; folders: Array<[string, string]>; run: RunChange; pending: boolean; writes: boolean };

/** One folder (or the top level): a drop target for documents, its subfolders, then its documents in order, as readers see them. */
function Level({ node, shared, all }: { node: TreeNode; shared: Shared; all: readonly Folder[] }) {
  const { roomId, run, pending } = shared;
  const folderId = node.folder?.id ?? null;
  const body = (
    <>
      {node.children.map((child) => (
        <Level key={child.folder?.id} node={child} shared={shared} all={all} />
      ))}
      {node.documents.length > 0 ? (
        <ol className="flex flex-col gap-2">
          {node.documents.map((entry, index) => (
            <RoomDocumentRow key={entry.short_code} entry={entry} last={index === node.documents.length - 1} {...shared} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">{node.folder ? "No documents in this folder." : "No documents at the top level."}</p>
      )}
    </>
  );
  if (!node.folder) return <div className="flex flex-col gap-3">{body}</div>;
  return (
    <section
      aria-label={`Folder ${node.folder.name}`}
      {...(shared.writes ? dropHandlers(roomId, run, folderId) : {})}
      className="flex flex-col gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3"
    >
      {shared.writes ? (
        <RoomFolderHeader
          roomId={roomId}
          folder={node.folder}
          moveTargets={folderMoveTargets(all, node.folder.id)}
          run={run}
          pending={pending}
        />
      ) : (
        <h3 className="flex items-baseline gap-2 font-medium text-slate-900">
          <IndexNumber value={node.folder.index} />
          {node.folder.name}
        </h3>
      )}
      {body}
    </section>
  );
}

/** The room's folders and documents; drag a document onto another or onto a folder, or use each row's buttons. */
export function RoomTree({
  roomId,
  tree,
  folders,
  writes,
}: {
  roomId: string;
  tree: TreeNode;
  folders: readonly Folder[];
  writes: boolean;
}) {
  const { pending, error, run } = useRoomChange();
  return (
    <div className="flex flex-col gap-3" aria-busy={pending}>
      <FormError message={error} />
      <div {...(writes ? dropHandlers(roomId, run, null) : {})}>
        <Level node={tree} shared={{ roomId, folders: folderPaths(folders), run, pending, writes }} all={folders} />
      </div>
    </div>
  );
}
