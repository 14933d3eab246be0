import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { RoomActivityFilters } from "@/components/rooms/room-activity-filters";
import { RoomActivityTable } from "@/components/rooms/room-activity-table";
import { buttonClass } from "@/components/ui/button";
import { PrintButton } from "@/components/ui/print-button";
import { roomActivityPageData } from "@/lib/dashboard/room-activity-page-data";
import { ApiError } from "@/lib/errors";
import { requireTeamPage } from "@/lib/http/require-team";
import { plural } from "@/lib/plural";

export const metadata: Metadata = { title: "Room activity" };

const loaded = async (teamId: string, id: string, search: Record<string, string | string[] | undefined>) => {
  if (!z.uuid().safeParse(id).success) notFound();
  try {
    return await roomActivityPageData(teamId, id, search);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) notFound();
    throw error;
  }
};

/** The room's activity record: every reader event, filtered as the API filters it, to print or take as CSV. */
export default async function RoomActivityPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const team = await requireTeamPage("analytics.read");
  const { id } = await params;
  const { room, raw, understood, filtered, links, groups, activity, pagination } = await loaded(team.teamId, id, await searchParams);
  const path = `/rooms/${room.id}/activity`;
  const filters = Object.fromEntries(Object.entries(raw).filter(([name, value]) => name !== "page" && value));
  const csv = `/api/dashboard/rooms/${room.id}/activity.csv${Object.keys(filters).length ? `?${new URLSearchParams(filters)}` : ""}`;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm print:hidden">
        <Link href={`/rooms/${room.id}`} className="text-slate-500 hover:text-slate-800">
          ← {room.name}
        </Link>
      </nav>
      <PageHeader
        title={`Activity in ${room.name}`}
        description="Every reader event in the room, newest first: gates passed, agreements accepted, documents opened and read, downloads."
        actions={
          <span className="flex flex-wrap gap-2 print:hidden">
            <a href={csv} className={buttonClass("secondary")} download>
              Download CSV
            </a>
            <PrintButton />
          </span>
        }
      />
      <RoomActivityFilters action={path} values={raw} links={links} groups={groups} />
      {!understood && (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 print:hidden">
          Some filters were not understood and were ignored.
        </p>
      )}
      <RoomActivityTable activity={activity} filtered={filtered} />
      <div className="print:hidden">
        <Pager
          label="Activity pages"
          page={pagination.page}
          totalPages={pagination.total_pages}
          href={(page) => ({ pathname: path, query: { ...filters, page: String(page) } })}
          summary={`Page ${pagination.page} of ${Math.max(pagination.total_pages, 1)} · ${plural(pagination.total, "event")}`}
        />
      </div>
    </>
  );
}
