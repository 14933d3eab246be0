import Link from "next/link";
import type { z } from "zod";
import { formatSeconds } from "@/components/dashboard/stat";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { LocalTime } from "@/components/ui/local-time";
import { plural } from "@/lib/plural";
import { LEVELS } from "@/lib/rules/engagement";
import type { contactSchema } from "@/lib/schemas/contacts";

type Contact = z.input<typeof contactSchema>;

export const contactHref = (email: string) => `/contacts/${encodeURIComponent(email)}`;
/** The badge's colour for a level named as the API names it. */
export const engagementType = (label: string) => LEVELS.find((l) => l.label === label)?.type ?? "none";

const COLUMNS: ReadonlyArray<Column<Contact>> = [
  {
    key: "person",
    header: "Person",
    rowHeader: true,
    cellClassName: "text-left align-top break-all",
    cell: (c) => (
      <>
        <Link href={contactHref(c.email)} className="font-medium text-slate-900 hover:text-brand-700">
          {c.email}
        </Link>
        {c.name && <span className="block text-xs font-normal text-slate-500">{c.name}</span>}
      </>
    ),
  },
  { key: "company", header: "Company", hideBelow: "md", cellClassName: "align-top text-slate-600", cell: (c) => c.company_domain },
  {
    key: "read",
    header: "Read",
    hideBelow: "sm",
    cellClassName: "align-top whitespace-nowrap text-slate-600 tabular-nums",
    cell: (c) => `${plural(c.documents_read, "doc")} · ${plural(c.rooms_read, "room")}`,
  },
  { key: "time", header: "Time", align: "end", cellClassName: "align-top tabular-nums", cell: (c) => formatSeconds(c.total_time_seconds) },
  {
    key: "engagement",
    header: "Engagement",
    cellClassName: "align-top",
    cell: (c) => (
      <span className="flex flex-wrap items-center gap-1">
        <EngagementBadge label={c.engagement_label} type={engagementType(c.engagement_label)} />
        {c.lead && <span className="text-xs font-medium text-brand-700">Lead</span>}
      </span>
    ),
  },
  {
    key: "last",
    header: "Last active",
    hideBelow: "sm",
    cellClassName: "align-top whitespace-nowrap text-slate-600",
    cell: (c) => <LocalTime value={c.last_active_at} />,
  },
];

/** The team's contacts; an empty state that says whether filters hid everyone. */
export function ContactsTable({ contacts, filtered }: { contacts: Contact[]; filtered: boolean }) {
  return (
    <DataTable
      variant="page"
      caption="Contacts"
      columns={COLUMNS}
      rows={contacts}
      rowKey={(c) => c.email}
      rowProps={() => ({ "data-testid": "contact-row" })}
      empty={
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
          {filtered
            ? "No one matches these filters."
            : "No one has given an email yet. Readers who pass an email gate on a document or a room show here."}
        </p>
      }
    />
  );
}
