import type { z } from "zod";
import type { roomDetailSchema } from "../schemas/rooms";

type Detail = z.input<typeof roomDetailSchema>;
type Cell = Detail["folders"][number]["access"][number];

/** One row of the room's permissions grid: a folder or a document, where it sits, and its level per group. */
export type PermissionRow = {
  key: string;
  kind: "folder" | "document";
  label: string;
  /** 0 at the top level. */
  depth: number;
  target: { folder_id: string } | { short_code: string };
  cells: Cell[];
};

/** The grid's rows in the room's order: the top level's documents, then each folder followed by its documents, subfolders after. */
export function permissionRows(detail: Pick<Detail, "folders" | "documents">): PermissionRow[] {
  const depth = new Map<string | null, number>([[null, 0]]);
  for (const folder of detail.folders) depth.set(folder.id, (depth.get(folder.parent_id) ?? 0) + 1);
  const documentsIn = (folderId: string | null): PermissionRow[] =>
    detail.documents
      .filter((entry) => entry.folder_id === folderId)
      .map((entry) => ({
        key: entry.short_code,
        kind: "document",
        label: entry.title,
        depth: depth.get(folderId) ?? 0,
        target: { short_code: entry.short_code },
        cells: entry.access,
      }));
  return [
    ...documentsIn(null),
    ...detail.folders.flatMap((folder): PermissionRow[] => [
      {
        key: folder.id,
        kind: "folder",
        label: folder.name,
        depth: (depth.get(folder.id) ?? 1) - 1,
        target: { folder_id: folder.id },
        cells: folder.access,
      },
      ...documentsIn(folder.id),
    ]),
  ];
}
