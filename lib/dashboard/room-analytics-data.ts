import { roomAgreements } from "../room-analytics/room-agreements";
import { roomStats } from "../room-analytics/room-stats";
import { roomViewers } from "../room-analytics/room-viewers";
import { findOwnedRoom } from "../rooms/find-room";

const PER_PAGE = 20;
// The page has no period picker yet: its figures, like the CSV beside them, are all time.
const ALL_TIME = { since: undefined, until: undefined };

/** The room's own code has no link name; the dashboard lists it as its default link. */
const linkName = (link: { name: string | null }) => link.name ?? "Default link";

/**
 * What the room page's analytics show, all time: the totals, each document's and each link's reads,
 * one page (`viewersPage`) of its visitors with the documents each opened or downloaded, and one
 * page (`agreementsPage`) of the acceptances of its agreement. Throws `not_found` for another
 * team's room.
 */
export async function roomAnalyticsData(teamId: string, id: string, viewersPage: number, agreementsPage = 1) {
  const room = await findOwnedRoom(teamId, id);
  const [stats, viewers, agreements] = await Promise.all([
    roomStats(room, ALL_TIME),
    roomViewers(room, ALL_TIME, viewersPage, PER_PAGE),
    roomAgreements(room, agreementsPage, PER_PAGE),
  ]);
  const mostViews = Math.max(1, ...stats.documents.map((doc) => doc.views));
  return {
    totals: {
      views: stats.views,
      viewers: stats.unique_viewers,
      leads: stats.leads,
      totalTimeSeconds: stats.total_time_seconds,
      avgTimeSeconds: stats.avg_time_seconds,
      downloads: stats.downloads,
      zipDownloads: stats.zip_downloads,
    },
    documents: stats.documents.map((doc) => ({
      code: doc.short_code,
      title: doc.title,
      views: doc.views,
      viewers: doc.unique_viewers,
      avgTimeSeconds: doc.avg_time_seconds,
      avgCompletion: doc.avg_completion,
      /** Its views against the most read document's, for the bar beside them. */
      share: doc.views / mostViews,
    })),
    links: stats.links.map((link) => ({ code: link.code, name: linkName(link), views: link.views, viewers: link.unique_viewers })),
    visitors: viewers.viewers.map((viewer) => ({
      id: viewer.viewer_id,
      label: viewer.email ?? "Anonymous reader",
      links: viewer.links.map(linkName),
      lastVisit: viewer.last_viewed_at,
      agreementAcceptedAt: viewer.agreement_accepted_at,
      documents: viewer.documents.map((doc) => ({
        code: doc.short_code,
        title: doc.title,
        visits: doc.visits,
        seconds: doc.total_time_seconds,
        completion: doc.completion,
        downloads: doc.downloads,
        zipDownloads: doc.zip_downloads,
      })),
    })),
    pagination: viewers.pagination,
    agreements,
    csvHref: `/api/dashboard/rooms/${room.id}/viewers.csv`,
  };
}

export type RoomAnalytics = Awaited<ReturnType<typeof roomAnalyticsData>>;
