import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { RoomActivityTable } from "@/components/rooms/room-activity-table";
import { RoomLinkSummary } from "@/components/rooms/room-link-summary";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { roomLinkPageData } from "@/lib/dashboard/room-link-page-data";
import { ApiError } from "@/lib/errors";
import { requireTeamPage } from "@/lib/http/require-team";
import { plural } from "@/lib/plural";

export const metadata: Metadata = { title: "Room link" };

const loaded = async (teamId: string, id: string, code: string, page: string | undefined) => {
  if (!z.uuid().safeParse(id).success) notFound();
  try {
    return await roomLinkPageData(teamId, id, code, page);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) notFound();
    throw error;
  }
};

/** One room link: its address, group and rules, what its readers did, and its part of the room's activity record. */
export default async function RoomLinkPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; code: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const team = await requireTeamPage("analytics.read");
  const { id, code } = await params;
  const { page } = await searchParams;
  const data = await loaded(team.teamId, id, code, typeof page === "string" ? page : undefined);
  const { room, link, activity, pagination } = data;
  const path = `/rooms/${room.id}/links/${link.code}`;
  const filtered = `/rooms/${room.id}/activity?${new URLSearchParams({ link: link.code })}`;
  const csv = `/api/dashboard/rooms/${room.id}/activity.csv?${new URLSearchParams({ link: link.code })}`;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href={`/rooms/${room.id}`} className="text-slate-500 hover:text-slate-800">
          ← {room.name}
        </Link>
      </nav>
      <PageHeader
        title={link.name}
        description={`A link to ${room.name}. ${data.group ? `It opens what the group ${data.group} sees.` : "It opens the whole room."} ${link.overridden}`}
        actions={
          <span className="flex flex-wrap gap-2">
            <CopyButton value={link.url} label="Copy link" />
            <a href={csv} className={buttonClass("secondary")} download>
              Download CSV
            </a>
            <Link href={filtered} className={buttonClass("secondary")}>
              Filter the activity
            </Link>
          </span>
        }
      />
      <p className="mb-4 font-mono text-sm break-all text-slate-600">
        {link.url}
        {!link.isActive && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 font-sans text-xs text-slate-700">Disabled</span>}
      </p>
      <RoomLinkSummary stats={data.stats} />
      <h2 className="mt-6 mb-2 text-base font-semibold text-slate-900">Activity through this link</h2>
      <RoomActivityTable activity={activity} filtered={false} />
      <Pager
        label="Activity pages"
        page={pagination.page}
        totalPages={pagination.total_pages}
        href={(n) => ({ pathname: path, query: { page: String(n) } })}
        summary={`Page ${pagination.page} of ${Math.max(pagination.total_pages, 1)} · ${plural(pagination.total, "event")}`}
      />
    </>
  );
}
