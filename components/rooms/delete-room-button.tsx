"use client";

import { useTransition } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { deleteRoomAction } from "@/lib/http/actions/room-actions";
import { TRASH_DAYS } from "@/lib/rules/trash";

/** Puts the room in the Trash after asking, then opens the rooms list. */
export function DeleteRoomButton({ roomId, name }: { roomId: string; name: string }) {
  const [pending, start] = useTransition();
  return (
    <ConfirmButton
      className="text-red-700"
      pending={pending}
      title={`Delete the room “${name}”?`}
      description={`Its link and every recipient link stop opening it at once. Its documents stay in Documents, untouched. For ${TRASH_DAYS} days an admin can restore the room from the Trash as it was; then it is deleted for good.`}
      confirmLabel="Delete room"
      onConfirm={() => start(() => deleteRoomAction(roomId))}
    >
      {pending ? "Deleting…" : "Delete room"}
    </ConfirmButton>
  );
}
