import { config } from "../config";
import type { Tx } from "../db/client";
import type { EmailBrand } from "./branded-html";

/**
 * The brand of the team that shared `code` (a document's or a room's), for its emails: the logo by
 * absolute URL through that code's logo route (lib/branding's), so an email client can fetch it.
 */
export async function teamEmailBrand(tx: Pick<Tx, "team">, shared: { teamId: string; code: string }): Promise<EmailBrand> {
  const team = await tx.team.findUniqueOrThrow({
    where: { id: shared.teamId },
    select: { name: true, accentColor: true, hidePagewiseMark: true, logoHash: true },
  });
  return {
    teamName: team.name,
    accentColor: team.accentColor,
    hidePagewiseMark: team.hidePagewiseMark,
    logoUrl: team.logoHash && `${config().APP_URL}/s/${shared.code}/logo?v=${team.logoHash}`,
  };
}
