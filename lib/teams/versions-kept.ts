import { recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import { ApiError } from "../errors";
import { versionsKeptSchema } from "../schemas/teams";
import { lockTeam } from "./manage-team";
import { type TeamAccess, authorize } from "./permissions";

/** How many versions of each document the team keeps: null for all of them. */
export async function versionsKeptOf(teamId: string): Promise<number | null> {
  return (await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { versionsKept: true } })).versionsKept;
}

/**
 * Sets how many versions of each document the team keeps (admins and the owner), with its
 * `team.versions_kept_changed` audit entry in the same transaction; the value it already has writes
 * nothing. Versions past a lower limit go the next time a version of their document becomes current
 * (lib/versions/make-version-current.ts), not here: a setting's change deletes no file.
 */
export async function changeVersionsKept(access: TeamAccess, versionsKept: number | null): Promise<{ changed: boolean }> {
  authorize(access, "team.versions");
  const parsed = versionsKeptSchema.safeParse(versionsKept);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new ApiError("validation_error", message, { fields: { count: message } });
  }
  const to = parsed.data;
  return db.$transaction(async (tx) => {
    const { teamName } = await lockTeam(tx, access, "team.versions");
    const { versionsKept: from } = await tx.team.findUniqueOrThrow({ where: { id: access.teamId }, select: { versionsKept: true } });
    if (from === to) return { changed: false };
    await tx.team.update({ where: { id: access.teamId }, data: { versionsKept: to } });
    await recordAudit(tx, access, {
      action: "team.versions_kept_changed",
      target: { id: access.teamId, label: teamName },
      details: { from, to },
    });
    return { changed: true };
  });
}
