"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { trashTargetSchema } from "../../schemas/trash";
import { deleteForever } from "../../trash/delete-forever";
import { restoreFromTrash } from "../../trash/restore-from-trash";
import { requireTeam } from "../require-team";
import { type FormProblems, formAction } from "../server-action";

/** What a Trash button hears back: done, or why not (already restored or deleted by someone else). */
export type TrashState = FormProblems & { ok?: boolean };

const admin = requireTeam("trash.manage");

/** The lists a restore or a deletion for good changes. */
function redraw() {
  for (const path of ["/trash", "/documents", "/rooms", "/overview"]) revalidatePath(path);
}

export const restoreFromTrashAction = formAction(
  { session: admin, args: z.tuple([trashTargetSchema]), failure: (message) => `It was not restored: ${message}.` },
  async (team, target): Promise<TrashState> => {
    await restoreFromTrash(team, target);
    redraw();
    return { ok: true };
  },
);

export const deleteForeverAction = formAction(
  { session: admin, args: z.tuple([trashTargetSchema]), failure: (message) => `It was not deleted: ${message}.` },
  async (team, target): Promise<TrashState> => {
    await deleteForever(team, target);
    redraw();
    return { ok: true };
  },
);
