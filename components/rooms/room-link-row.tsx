"use client";

import Link from "next/link";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyButton } from "@/components/ui/copy-button";
import { Select } from "@/components/ui/select";
import { setRoomLinkGroupAction } from "@/lib/http/actions/room-group-actions";
import { deleteRoomLinkAction, setRoomLinkActiveAction } from "@/lib/http/actions/room-link-actions";
import type { LinkOverrides } from "@/lib/links/shared-document";
import { RoomLinkDialog } from "./room-link-dialog";

export type RoomLinkRowData = {
  code: string;
  url: string;
  name: string;
  isActive: boolean;
  overrides: LinkOverrides;
  overridden: string;
  groupId: string | null;
};

/** The choices of a link's group: the whole room, or one of its groups. */
export const groupOptions = (groups: Array<{ id: string; name: string }>): Array<[string, string]> => [
  ["", "Whole room"],
  ...groups.map((group): [string, string] => [group.id, group.name]),
];

/** One link: its name, state and URL to copy; for a recipient's link, its group, Edit, Disable or Enable, and Delete. */
export function RoomLinkRow({
  roomId,
  link,
  writes,
  groups = [],
}: {
  roomId: string;
  link: RoomLinkRowData | { name: string; url: string };
  writes: boolean;
  groups?: Array<{ id: string; name: string }>;
}) {
  const [pending, start] = useTransition();
  const own = "code" in link ? link : null;
  return (
    <li aria-label={link.name} className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium break-words text-slate-900">
          {own ? (
            <Link href={`/rooms/${roomId}/links/${own.code}`} className="hover:underline">
              {link.name}
            </Link>
          ) : (
            link.name
          )}
          {own && !own.isActive && (
            <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">Disabled</span>
          )}
        </p>
        <p className="font-mono text-xs break-all text-slate-600">{link.url}</p>
        {own && <p className="text-xs text-slate-600">{own.overridden}</p>}
        {own && !writes && own.groupId && (
          <p className="text-xs text-slate-600">{`Opens what ${groups.find((group) => group.id === own.groupId)?.name ?? "its group"} sees.`}</p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <CopyButton value={link.url} label="Copy link" />
        {own && writes && groups.length > 0 && (
          <Select
            aria-label={`Group of ${own.name}`}
            className="w-auto py-1 text-sm"
            value={own.groupId ?? ""}
            disabled={pending}
            options={groupOptions(groups)}
            onChange={(event) => start(() => setRoomLinkGroupAction(roomId, own.code, event.target.value || null))}
          />
        )}
        {own && writes && (
          <>
            <RoomLinkDialog target={{ roomId, code: own.code, name: own.name, overrides: own.overrides }} />
            <Button
              variant="secondary"
              size="sm"
              disabled={pending}
              onClick={() => start(() => setRoomLinkActiveAction(roomId, own.code, !own.isActive))}
            >
              {own.isActive ? "Disable" : "Enable"}
            </Button>
            <ConfirmButton
              size="sm"
              className="text-red-700"
              pending={pending}
              title={`Delete “${own.name}”?`}
              description="The link stops opening the room at once. The room and its other links stay as they are."
              confirmLabel="Delete link"
              onConfirm={() => start(() => deleteRoomLinkAction(roomId, own.code))}
            >
              Delete
            </ConfirmButton>
          </>
        )}
      </div>
    </li>
  );
}
