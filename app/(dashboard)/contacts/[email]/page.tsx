import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ContactTimeline } from "@/components/dashboard/contact-timeline";
import { engagementType } from "@/components/dashboard/contacts-table";
import { PageHeader } from "@/components/dashboard/page-header";
import { Stat, formatSeconds } from "@/components/dashboard/stat";
import { Card } from "@/components/ui/card";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { LocalTime } from "@/components/ui/local-time";
import { contactTimeline } from "@/lib/analytics/contact-timeline";
import { ApiError } from "@/lib/errors";
import { requireTeamPage } from "@/lib/http/require-team";
import { contactEmailParam } from "@/lib/schemas/contacts";

export const metadata: Metadata = { title: "Contact" };

/** The segment as typed: Next may hand it over still encoded (`jane%40acme.com`); a stray `%` is left as it is, and refused below. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const loaded = async (teamId: string, segment: string) => {
  const email = contactEmailParam.safeParse(segment.includes("@") ? segment : decodedSegment(segment));
  if (!email.success) notFound();
  try {
    return await contactTimeline(teamId, email.data);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
};

/** One person across everything the team shared: their figures, then every visit, download, gate and agreement, newest first. */
export default async function ContactPage({ params }: { params: Promise<{ email: string }> }) {
  const team = await requireTeamPage("analytics.read");
  const { contact, timeline } = await loaded(team.teamId, (await params).email);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/contacts" className="text-slate-500 hover:text-slate-800">
          ← Contacts
        </Link>
      </nav>
      <PageHeader
        title={<span className="break-all">{contact.name ? `${contact.name} · ${contact.email}` : contact.email}</span>}
        description={
          <>
            {contact.company_domain} · {contact.lead ? "Lead" : "Reader"} since <LocalTime value={contact.first_seen_at} day />
          </>
        }
      />
      <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat label="Documents read" value={contact.documents_read} />
        <Stat label="Rooms" value={contact.rooms_read} />
        <Stat label="Total time" value={formatSeconds(contact.total_time_seconds)} />
        <Stat
          label="Engagement"
          value={<EngagementBadge label={contact.engagement_label} type={engagementType(contact.engagement_label)} />}
        />
        <Stat label="Last active" value={<LocalTime value={contact.last_active_at} className="text-base" />} />
      </dl>
      <Card title="Timeline" description="Everything they did on what you shared, newest first">
        <ContactTimeline events={timeline} />
      </Card>
    </>
  );
}
