import { Button } from "@/components/ui/button";
import { acceptInvitationAction } from "@/lib/http/actions/team-actions";

/** A signed-in user opened an invitation link: join the team with this account (no second account). */
export function AcceptInvitation({
  token,
  team,
  role,
  email,
  inviter,
}: {
  token: string;
  team: string;
  role: string;
  email: string;
  inviter: string;
}) {
  return (
    <form action={acceptInvitationAction.bind(null, token)} className="space-y-4" data-testid="accept-invitation">
      <h1 className="text-xl font-semibold text-slate-900">Join {team}</h1>
      <p className="text-sm text-slate-600">
        {inviter} invited you to join <span className="font-medium text-slate-900">{team}</span> as{" "}
        {role === "admin" ? "an admin" : "a member"}, with your account {email}. You keep your own team and can switch between them.
      </p>
      <Button type="submit" className="w-full">
        Join {team}
      </Button>
    </form>
  );
}
