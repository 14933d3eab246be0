import type { Room } from "../generated/prisma/client";
import { roomViewers } from "../room-analytics/room-viewers";
import { toCsv } from "./csv";
import type { CsvExport } from "./document-csv";

const HEADER = [
  "viewer_id",
  "email",
  "name",
  "company_domain",
  "links",
  "short_code",
  "title",
  "visits",
  "pages_viewed",
  "total_pages",
  "completion",
  "total_time_seconds",
  "first_viewed_at",
  "last_viewed_at",
  "downloads",
  "zip_downloads",
  "agreement_accepted_at",
];
const BATCH = 100;

/**
 * The room's viewers as CSV, times in UTC: one row per viewer and document they opened or
 * downloaded in the room (a spreadsheet filters and pivots rows, not nested lists), viewers most
 * recently active first, with the codes they came through joined by "; " (a room link's name, else
 * its code), their downloads of the document (and of those, in the room's ZIP) and when they last
 * accepted the room's agreement.
 */
export async function roomViewersCsv(room: Room): Promise<CsvExport> {
  const rows: Array<Array<string | number | null>> = [];
  for (let page = 1; ; page++) {
    const { viewers, pagination } = await roomViewers(room, { since: undefined, until: undefined }, page, BATCH);
    for (const v of viewers) {
      const links = v.links.map((l) => l.name ?? l.code).join("; ");
      for (const d of v.documents) {
        rows.push([
          v.viewer_id,
          v.email,
          v.name,
          v.company_domain,
          links,
          d.short_code,
          d.title,
          d.visits,
          d.pages_viewed,
          d.total_pages,
          d.completion,
          d.total_time_seconds,
          d.first_viewed_at,
          d.last_viewed_at,
          d.downloads,
          d.zip_downloads,
          v.agreement_accepted_at,
        ]);
      }
    }
    if (page >= pagination.total_pages) break;
  }
  return { filename: `${room.name}-viewers.csv`, body: toCsv(HEADER, rows) };
}
