import type { Room } from "../generated/prisma/client";
import { roomActivity } from "../room-analytics/room-activity";
import { toCsv } from "./csv";
import type { CsvExport } from "./document-csv";
import { roomActivityFilters } from "./room-activity-page-data";

const HEADER = [
  "at",
  "kind",
  "email",
  "link_code",
  "link_name",
  "group_name",
  "index",
  "short_code",
  "title",
  "pages",
  "seconds",
  "agreement_text",
  "documents_count",
];
const BATCH = "100";

/**
 * The room's activity record as CSV, times in UTC, newest first: one row per event with the
 * activity page's filters (the page's own query), every page of them.
 */
export async function roomActivityCsv(room: Room, search: Record<string, string | string[] | undefined>): Promise<CsvExport> {
  const { query } = await roomActivityFilters(room, search, BATCH);
  const rows: Array<Array<string | number | null>> = [];
  for (let page = 1; ; page++) {
    const { activity, pagination } = await roomActivity(room, { ...query, page });
    for (const item of activity) {
      rows.push([
        item.at,
        item.kind,
        item.email,
        item.link.code,
        item.link.name,
        item.group?.name ?? null,
        item.document?.index ?? null,
        item.document?.short_code ?? null,
        item.document?.title ?? null,
        item.pages,
        item.seconds,
        item.agreement_text,
        item.documents_count,
      ]);
    }
    if (page >= pagination.total_pages) break;
  }
  return { filename: `${room.name}-activity.csv`, body: toCsv(HEADER, rows) };
}
