import { db } from "../db/client";
import { enqueueOwnerEmail } from "../email/enqueue-owner-email";
import { disableTeamWebhook } from "../teams/disable-team-webhook";
import { now } from "../time";

/**
 * Someone just proved they own the account's address (a sign-in link). If the address had never
 * been proved, whoever set the account up may not be them (an account registered in advance for
 * someone else's address): the password is cleared, every other session ends, API keys are
 * revoked and the webhooks of the teams it owns disabled (their admins told, as for any disabled
 * webhook), so nothing set up before this moment keeps access. The owner is told what changed.
 * Returns whether the account was claimed (false: it was already verified).
 */
export async function claimUnverifiedAccount(userId: string): Promise<boolean> {
  const at = now();
  return db.$transaction(async (tx) => {
    const claimed = await tx.user.updateMany({
      where: { id: userId, emailVerified: null },
      data: { emailVerified: at, passwordHash: null },
    });
    if (claimed.count === 0) return false;
    // Before next-auth starts the session of this sign-in, so that one is the only one left.
    await tx.session.deleteMany({ where: { userId } });
    const keys = await tx.apiKey.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: at } });
    const owner = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    // The webhooks of the teams this account owns: whoever set the account up controlled those.
    const owned = await tx.teamMember.findMany({ where: { userId, role: "owner" }, select: { teamId: true }, orderBy: { teamId: "asc" } });
    let webhooksDisabled = 0;
    for (const { teamId } of owned) {
      const disabled = await disableTeamWebhook(
        tx,
        { teamId },
        {
          reason: "account_claimed",
          because:
            `because ${owner.email}, the team's owner, confirmed this email address for the first time: ` +
            "whoever set the account up before may have set this address.",
          by: { teamId, userId },
        },
      );
      if (disabled) webhooksDisabled++;
    }
    const undone = [
      "its password was removed (sign in with an emailed link from now on)",
      "every other session was signed out",
      ...(keys.count > 0 ? [`${keys.count} API key${keys.count === 1 ? " was" : "s were"} revoked`] : []),
      ...(webhooksDisabled > 0 ? ["the webhook was disabled"] : []),
    ];
    await enqueueOwnerEmail(tx, {
      userId,
      to: owner.email,
      kind: "account.claimed",
      subject: "Your Pagewise email address is confirmed",
      body:
        `You signed in with a link sent to ${owner.email}, the first proof that this address is yours. ` +
        `In case someone else set the account up before you, ${undone.join(", ")}. ` +
        "Check your documents, API keys and webhook for anything you did not create.",
    });
    return true;
  });
}
