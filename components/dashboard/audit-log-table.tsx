import type { z } from "zod";
import { type Column, DataTable } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import { describeEntry } from "@/lib/audit/describe-entry";
import type { auditEntrySchema } from "@/lib/schemas/audit";

type Entry = z.input<typeof auditEntrySchema>;

/** How the change came: the dashboard, or an API key (by its name), and from which address. */
function via(entry: Entry): string {
  const how =
    entry.actor.type === "api_key"
      ? `API key '${entry.actor.api_key_name}'`
      : entry.actor.type === "member"
        ? "Dashboard"
        : "Server command";
  return entry.address ? `${how} · ${entry.address}` : how;
}

const COLUMNS: ReadonlyArray<Column<Entry>> = [
  {
    key: "when",
    header: "When",
    cell: (e) => <LocalTime value={e.created_at} />,
    cellClassName: "whitespace-nowrap align-top text-slate-600",
  },
  {
    key: "what",
    header: "What happened",
    rowHeader: true,
    cell: (e) => (
      <>
        <span className="font-normal text-slate-900">{describeEntry(e)}</span>
        {/* On a phone the "how" column folds under the sentence. */}
        <span className="mt-0.5 block text-xs font-normal text-slate-500 md:hidden">{via(e)}</span>
      </>
    ),
    cellClassName: "text-left break-words",
  },
  { key: "via", header: "How", cell: via, hideBelow: "md", cellClassName: "align-top text-slate-600" },
];

/** The team's audit log, newest first; an empty state that says whether filters hid everything. */
export function AuditLogTable({ entries, filtered }: { entries: Entry[]; filtered: boolean }) {
  return (
    <DataTable
      variant="page"
      caption="Audit log, newest first"
      columns={COLUMNS}
      rows={entries}
      rowKey={(e) => e.id}
      rowProps={() => ({ "data-testid": "audit-entry" })}
      empty={
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
          {filtered
            ? "No changes match these filters."
            : "Nothing has changed in this team yet. Changes to documents, links, keys, the webhook and members will show here."}
        </p>
      }
    />
  );
}
