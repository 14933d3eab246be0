import type { Metadata } from "next";
import Link from "next/link";
import { NewRoomForm } from "@/components/rooms/new-room-form";
import { PageHeader } from "@/components/dashboard/page-header";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { requireTeamPage } from "@/lib/http/require-team";
import { plural } from "@/lib/plural";
import { listRooms } from "@/lib/rooms/list-rooms";
import { can } from "@/lib/teams/permissions";

export const metadata: Metadata = { title: "Rooms" };

const ROOMS_SHOWN = 100;

export default async function RoomsPage() {
  const team = await requireTeamPage("documents.read");
  const { rooms } = await listRooms(team.teamId, 1, ROOMS_SHOWN);
  const writes = can(team.role, "documents.write");
  return (
    <>
      <PageHeader title="Rooms" description="Several documents behind one link, arranged in folders." />
      {rooms.length === 0 ? (
        <Card title="No rooms yet">
          <p className="mb-4 max-w-prose text-sm text-slate-600">
            A data room gathers documents (a pitch deck, financials, contracts) in folders behind a single link, so each recipient gets
            everything at once and you choose who can open it.
          </p>
          {writes && <NewRoomForm />}
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {rooms.map((room) => (
              <li key={room.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-5 py-3">
                <Link href={`/rooms/${room.id}`} className="min-w-0 font-medium break-words text-brand-700 hover:underline">
                  {room.name}
                </Link>
                <span className="text-sm text-slate-500">
                  {plural(room.documents_count, "document")} · created <LocalTime value={room.created_at} day />
                </span>
              </li>
            ))}
          </ul>
          {writes && (
            <Card title="New room">
              <NewRoomForm />
            </Card>
          )}
        </div>
      )}
    </>
  );
}
