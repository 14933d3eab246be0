import { randomUUID } from "node:crypto";
import { fieldChanges, recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db/client";
import { ApiError } from "../errors";
import type { BrandingSettings } from "../schemas/branding";
import { storage } from "../storage";
import { type TeamAccess, authorize } from "../teams/permissions";
import { processLogo } from "./logo-image";

/**
 * Changing a team's brand (admins and the owner: `team.brand`). Each change locks the team's row and
 * reads the actor's role again, as lib/teams/manage-team.ts does, so a member demoted a moment ago
 * changes nothing. A logo's file is written before its row and removed if the row is not; an old
 * logo's file is removed only after the row no longer names it. Each change that commits is one
 * `team.branding_changed` entry in the audit log, in its transaction.
 */

async function lockForBranding(tx: Tx, access: TeamAccess) {
  await tx.$queryRaw`SELECT 1 FROM teams WHERE id = ${access.teamId}::uuid FOR UPDATE`;
  const actor = await tx.teamMember.findUnique({ where: { teamId_userId: { teamId: access.teamId, userId: access.userId } } });
  if (!actor) throw new ApiError("forbidden", "You are no longer a member of this team.");
  authorize({ ...access, role: actor.role }, "team.brand");
  return tx.team.findUniqueOrThrow({
    where: { id: access.teamId },
    select: { name: true, logoKey: true, accentColor: true, hidePagewiseMark: true },
  });
}

const brandingChanged = (tx: Tx, access: TeamAccess, team: { name: string }, changes: Record<string, unknown>) =>
  recordAudit(tx, access, { action: "team.branding_changed", target: { id: access.teamId, label: team.name }, details: { changes } });

/** The accent colour (`#rrggbb`, lower case; `brandingSettings` in lib/schemas) and the Pagewise mark. */
export async function changeBranding(access: TeamAccess, settings: BrandingSettings): Promise<BrandingSettings> {
  authorize(access, "team.brand");
  await db.$transaction(async (tx) => {
    const team = await lockForBranding(tx, access);
    await tx.team.update({ where: { id: access.teamId }, data: settings });
    const changes = fieldChanges(
      { accent_color: team.accentColor, hide_pagewise_mark: team.hidePagewiseMark },
      { accent_color: settings.accentColor, hide_pagewise_mark: settings.hidePagewiseMark },
    );
    if (changes) await brandingChanged(tx, access, team, changes);
  });
  return settings;
}

/** Replaces the team's logo with the re-encoded image; a refused or failed upload changes nothing. */
export async function setTeamLogo(access: TeamAccess, bytes: Buffer) {
  authorize(access, "team.brand");
  const logo = await processLogo(bytes, access.userId);
  // A file of its own per upload (the hash is only the URL's version): two uploads of one image never
  // share a file, so removing the one a later upload replaced can never remove the live one.
  const key = `teams/${access.teamId}/logo-${logo.hash}-${randomUUID()}.png`;
  await storage().put(key, logo.data, logo.data.length);
  let previous: string | null;
  try {
    previous = await db.$transaction(async (tx) => {
      const team = await lockForBranding(tx, access);
      await tx.team.update({
        where: { id: access.teamId },
        data: {
          logoKey: key,
          logoContentType: logo.contentType,
          logoSize: logo.data.length,
          logoWidth: logo.width,
          logoHeight: logo.height,
          logoHash: logo.hash,
        },
      });
      await brandingChanged(tx, access, team, { logo: { from: team.logoKey ? "a logo" : null, to: "a new logo" } });
      return team.logoKey;
    });
  } catch (error) {
    await removeUnlessNamed(access.teamId, key);
    throw error;
  }
  if (previous) await storage().delete(previous);
  return { hash: logo.hash, width: logo.width, height: logo.height, size: logo.data.length };
}

export async function removeTeamLogo(access: TeamAccess): Promise<void> {
  authorize(access, "team.brand");
  const previous = await db.$transaction(async (tx) => {
    const team = await lockForBranding(tx, access);
    await tx.team.update({
      where: { id: access.teamId },
      data: { logoKey: null, logoContentType: null, logoSize: null, logoWidth: null, logoHeight: null, logoHash: null },
    });
    if (team.logoKey) await brandingChanged(tx, access, team, { logo: { from: "a logo", to: null } });
    return team.logoKey;
  });
  if (previous) await storage().delete(previous);
}

/** A failed upload's file goes, unless its row was written after all (an error after the commit). */
async function removeUnlessNamed(teamId: string, key: string) {
  const team = await db.team.findUnique({ where: { id: teamId }, select: { logoKey: true } });
  if (team?.logoKey !== key) await storage().delete(key);
}
