import type { Metadata } from "next";
import { BrandingCard } from "@/components/dashboard/branding-card";
import { Invitations } from "@/components/dashboard/invitations";
import { PageHeader } from "@/components/dashboard/page-header";
import { TeamMembers } from "@/components/dashboard/team-members";
import { TeamOwnerSettings } from "@/components/dashboard/team-owner-settings";
import { VersionsKeptForm } from "@/components/dashboard/versions-kept-form";
import { Card } from "@/components/ui/card";
import { teamBrand } from "@/lib/branding/team-branding";
import { requireTeamPage } from "@/lib/http/require-team";
import { getTeam } from "@/lib/teams/manage-team";
import { can } from "@/lib/teams/permissions";
import { versionsKeptOf } from "@/lib/teams/versions-kept";
import { INVITATION_DAYS } from "@/lib/schemas/users";
import { listInvitations } from "@/lib/users/invitations";

export const metadata: Metadata = { title: "Team" };

const ROLE_TEXT = { owner: "the owner", admin: "an admin", member: "a member" } as const;

export default async function TeamPage() {
  const access = await requireTeamPage("team.read");
  const { team, members } = await getTeam(access);
  const manage = can(access.role, "members.manage");
  const invitations = manage ? await listInvitations(access) : [];
  return (
    <>
      <PageHeader title={team.name} description={`You are ${ROLE_TEXT[access.role]} of this team.`} />
      <div className="space-y-6">
        <Card title="Members">
          <TeamMembers members={members} me={access.userId} canManage={manage} />
        </Card>
        {manage && (
          <Card
            title="Invite"
            description="Invite someone by email as a member or an admin. An existing user opens the link signed in to join."
          >
            <Invitations
              days={INVITATION_DAYS}
              invitations={invitations.map((i) => ({ ...i, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() }))}
            />
          </Card>
        )}
        {can(access.role, "team.brand") && (
          <Card title="Branding" description="Your logo and colour on the pages your links open, and in the emails about your documents.">
            <BrandingCard brand={(await teamBrand(access.teamId))!} />
          </Card>
        )}
        {can(access.role, "team.versions") && (
          <Card
            title="Versions"
            description="How many files each document keeps when it gets a new version: earlier ones stay to download or restore."
          >
            <VersionsKeptForm versionsKept={await versionsKeptOf(access.teamId)} />
          </Card>
        )}
        {can(access.role, "team.transfer") && (
          <Card title="Owner settings">
            <TeamOwnerSettings
              teamId={team.id}
              name={team.name}
              candidates={members.filter((m) => m.role !== "owner").map((m) => ({ user_id: m.user_id, label: m.name ?? m.email }))}
            />
          </Card>
        )}
      </div>
    </>
  );
}
