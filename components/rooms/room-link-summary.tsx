import { Stat, formatSeconds } from "@/components/dashboard/stat";
import { LocalTime } from "@/components/ui/local-time";
import type { RoomLinkStats } from "@/lib/room-analytics/room-link-stats";

/** What readers did through one room link, all time, in figures, and when it was last read. */
export function RoomLinkSummary({ stats }: { stats: RoomLinkStats }) {
  return (
    <section aria-label="Through this link, all time">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Readers" value={stats.readers} hint={`${stats.leads} gave an email`} />
        <Stat label="Documents opened" value={stats.documents} hint={`${stats.visits} visits`} />
        <Stat label="Reading time" value={formatSeconds(stats.seconds)} />
        <Stat label="Downloads" value={stats.downloads + stats.zipDownloads} hint={`${stats.zipDownloads} as the room’s ZIP`} />
      </dl>
      <p className="mt-2 text-sm text-slate-600" data-testid="room-link-last-read">
        {stats.lastVisitAt ? (
          <>
            Last read <LocalTime value={stats.lastVisitAt} />.
          </>
        ) : (
          "Nobody has opened this link yet. Send it to its recipient: what they read shows up here."
        )}
      </p>
    </section>
  );
}
