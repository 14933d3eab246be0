import type { z } from "zod";
import { formatSeconds } from "@/components/dashboard/stat";
import { type Column, DataTable } from "@/components/ui/data-table";
import { IndexNumber } from "@/components/ui/index-number";
import { LocalTime } from "@/components/ui/local-time";
import { plural } from "@/lib/plural";
import type { RoomActivityKind, roomActivitySchema } from "@/lib/schemas/room-analytics";

type Item = z.input<typeof roomActivitySchema>;

export const ACTIVITY_KIND_LABELS: Record<RoomActivityKind, string> = {
  gate_passed: "Passed the gate",
  agreement_accepted: "Accepted the agreement",
  document_viewed: "Opened a document",
  download: "Downloaded a document",
  zip_download: "Downloaded the room (ZIP)",
  question_asked: "Asked a question",
};

/** What the event adds to its kind: pages and time read, the text accepted, the ZIP's documents. */
function details(item: Item): string | null {
  if (item.kind === "document_viewed") return `${plural(item.pages ?? 0, "page")} · ${formatSeconds(item.seconds ?? 0)}`;
  if (item.kind === "zip_download") return plural(item.documents_count ?? 0, "document");
  if (item.kind === "agreement_accepted") return item.agreement_text;
  return null;
}

const COLUMNS: ReadonlyArray<Column<Item>> = [
  {
    key: "when",
    header: "When",
    cell: (item) => <LocalTime value={item.at} />,
    cellClassName: "whitespace-nowrap align-top text-slate-600",
  },
  {
    key: "what",
    header: "Event",
    rowHeader: true,
    cellClassName: "text-left align-top break-words",
    cell: (item) => (
      <>
        <span className="font-medium text-slate-900">{ACTIVITY_KIND_LABELS[item.kind]}</span>
        {details(item) && <span className="mt-0.5 block text-xs font-normal whitespace-pre-line text-slate-500">{details(item)}</span>}
      </>
    ),
  },
  {
    key: "document",
    header: "Document",
    cellClassName: "text-left align-top",
    cell: (item) =>
      item.document && (
        <span className="flex items-baseline gap-2">
          {item.document.index && <IndexNumber value={item.document.index} />}
          <span className="break-words">{item.document.title}</span>
        </span>
      ),
  },
  { key: "reader", header: "Reader", cellClassName: "align-top break-all", cell: (item) => item.email ?? "Anonymous reader" },
  {
    key: "link",
    header: "Link",
    cellClassName: "align-top",
    cell: (item) => (
      <>
        {item.link.name ?? "The room’s own link"}
        {item.group && <span className="block text-xs text-slate-500">{item.group.name}</span>}
      </>
    ),
  },
];

/** The room's activity, newest first; an empty state that says whether filters hid everything. */
export function RoomActivityTable({ activity, filtered }: { activity: Item[]; filtered: boolean }) {
  return (
    <DataTable
      variant="page"
      caption="Activity, newest first"
      columns={COLUMNS}
      rows={activity}
      rowKey={(item) => `${item.kind} ${item.id}`}
      rowProps={() => ({ "data-testid": "activity-item" })}
      empty={
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
          {filtered
            ? "No activity matches these filters."
            : "No one has opened the room yet. Gates passed, agreements accepted, documents read and downloads will show here."}
        </p>
      }
    />
  );
}
