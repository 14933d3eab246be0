import type { Metadata } from "next";
import { Invitations } from "@/components/dashboard/invitations";
import { PageHeader } from "@/components/dashboard/page-header";
import { Card } from "@/components/ui/card";
import { requireTeamPage } from "@/lib/http/require-team";
import { roleRefusal } from "@/lib/teams/role-refusal";
import { RoleRefusalNotice } from "@/components/dashboard/role-refusal-notice";
import { config } from "@/lib/config";
import { INVITATION_DAYS } from "@/lib/schemas/users";
import { listInvitations } from "@/lib/users/invitations";
import { signupPolicy } from "@/lib/users/signup-policy";

export const metadata: Metadata = { title: "Invitations" };

const POLICY_TEXT = {
  invite: "Sign-up on this server is invite-only: a new account needs one of these links.",
  open: "Sign-up on this server is open (SIGNUP=open): anyone who can reach it can create an account, with or without an invitation.",
  closed: "Sign-up on this server is closed (SIGNUP=closed): invitation links do not work. Accounts are created with npm run user:create.",
} as const;

export default async function InvitationsPage() {
  const team = await requireTeamPage();
  const refusal = await roleRefusal(team, "members.manage");
  if (refusal) return <RoleRefusalNotice refusal={refusal} />;
  const [invitations, policy] = await Promise.all([listInvitations(team), signupPolicy()]);
  const setting = config().SIGNUP ? "" : " This is the default once the first account exists; the SIGNUP setting changes it.";
  return (
    <>
      <PageHeader title="Invitations" description={`${POLICY_TEXT[policy]}${policy === "invite" ? setting : ""}`} />
      <Card>
        <Invitations
          days={INVITATION_DAYS}
          invitations={invitations.map((i) => ({ ...i, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() }))}
        />
      </Card>
    </>
  );
}
