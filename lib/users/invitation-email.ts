import { brandedHtml } from "../email/branded-html";
import { enqueueOwnerEmail } from "../email/enqueue-owner-email";
import type { Tx } from "../db/client";
import type { TeamRole } from "../generated/prisma/enums";

/**
 * The email an invitation bound to an address sends to it, in the caller's transaction: the team,
 * who invited, the role, until when, and the link. It goes through the inviter's outbox (sent with
 * SMTP; without it kept in their local outbox, and the dashboard shows the link to copy instead).
 * The link's token is in the queued email's text, as a reader's code is in theirs: the email is
 * how it reaches the invitee.
 */
export async function enqueueInvitationEmail(
  tx: Tx,
  invitation: { teamId: string; createdById: string; email: string; role: TeamRole; expiresAt: Date; url: string },
): Promise<void> {
  const [team, inviter] = await Promise.all([
    tx.team.findUniqueOrThrow({ where: { id: invitation.teamId }, select: { name: true, accentColor: true, hidePagewiseMark: true } }),
    tx.user.findUniqueOrThrow({ where: { id: invitation.createdById }, select: { name: true, email: true } }),
  ]);
  const who = inviter.name?.trim() ? `${inviter.name.trim()} (${inviter.email})` : inviter.email;
  const until = invitation.expiresAt.toUTCString().replace(/:\d\d GMT$/, " UTC");
  const body =
    `${who} invited you to join ${team.name} on Pagewise as ${invitation.role === "admin" ? "an admin" : "a member"}.\n\n` +
    `Accept the invitation: ${invitation.url}\n\n` +
    `The link works until ${until}, once. If you did not expect it, ignore this email.`;
  await enqueueOwnerEmail(tx, {
    userId: invitation.createdById,
    teamId: invitation.teamId,
    to: invitation.email,
    kind: "invitation",
    subject: `${inviter.name?.trim() || inviter.email} invited you to ${team.name} on Pagewise`,
    body,
    html: brandedHtml(body, { teamName: team.name, accentColor: team.accentColor, logoUrl: null, hidePagewiseMark: team.hidePagewiseMark }),
  });
}
