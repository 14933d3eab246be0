import Link from "next/link";
import type { z } from "zod";
import { formatSeconds } from "@/components/dashboard/stat";
import { LocalTime } from "@/components/ui/local-time";
import { plural } from "@/lib/plural";
import type { contactEventSchema } from "@/lib/schemas/contacts";

type ContactEvent = z.input<typeof contactEventSchema>;

const KIND_LABELS: Record<ContactEvent["kind"], string> = {
  visit: "Read",
  download: "Downloaded",
  lead: "Gave their email at",
  room_lead: "Entered the room",
  agreement: "Accepted the agreement of",
};

const DOT: Record<ContactEvent["kind"], string> = {
  visit: "bg-brand-600",
  download: "bg-emerald-600",
  lead: "bg-amber-500",
  room_lead: "bg-amber-500",
  agreement: "bg-slate-500",
};

/** What the event was on: the document (and the room it was read in), or the room alone. */
function Subject({ event }: { event: ContactEvent }) {
  return (
    <>
      {event.document && (
        <Link href={`/documents/${event.document.short_code.slice(2)}`} className="font-medium text-slate-900 hover:text-brand-700">
          {event.document.title}
        </Link>
      )}
      {event.room && (
        <>
          {event.document ? " in " : " "}
          <Link href={`/rooms/${event.room.id}`} className="font-medium text-slate-900 hover:text-brand-700">
            {event.room.name}
          </Link>
        </>
      )}
    </>
  );
}

/** A person's events across the team's documents and rooms, newest first, as a vertical timeline. */
export function ContactTimeline({ events }: { events: ContactEvent[] }) {
  if (events.length === 0) return <p className="py-6 text-center text-sm text-slate-500">Nothing recorded yet.</p>;
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" data-testid="contact-timeline">
      {events.map((event, i) => (
        <li key={`${event.kind} ${event.at} ${i}`} className="relative" data-testid="contact-event">
          <span aria-hidden className={`absolute top-1.5 -left-[1.65rem] h-2.5 w-2.5 rounded-full ring-4 ring-white ${DOT[event.kind]}`} />
          <p className="text-sm text-slate-700">
            {KIND_LABELS[event.kind]} <Subject event={event} />
          </p>
          <p className="mt-0.5 text-xs text-slate-500">
            <LocalTime value={event.at} />
            {event.kind === "visit" && ` · ${plural(event.pages_viewed ?? 0, "page")} · ${formatSeconds(event.total_time_seconds ?? 0)}`}
          </p>
        </li>
      ))}
    </ol>
  );
}
