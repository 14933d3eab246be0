import { timeColumn } from "@/components/ui/columns";
import type { AcceptedThrough, AgreementAcceptanceRow, documentAgreements } from "@/lib/analytics/document-agreements";
import { type ListCardProps, PagedTableCard, type TableCard } from "./paged-card";

/** Longer texts open on demand, so a row stays a line or two. */
const SHORT_TEXT = 140;

/** The link an agreement was accepted through; on a room's own page the room goes without saying. */
function throughLabel({ link, room }: AcceptedThrough, onRoomPage: boolean): string {
  if (!room) return link ?? "Default link";
  const roomLink = room.link ?? "Default link";
  return onRoomPage ? roomLink : `Room “${room.name}” · ${roomLink}`;
}

function AgreementText({ text }: { text: string }) {
  if (text.length <= SHORT_TEXT) return <span className="whitespace-pre-line">{text}</span>;
  return (
    <details>
      <summary className="cursor-pointer">
        {text.slice(0, SHORT_TEXT).trimEnd()}… <span className="font-medium text-brand-ink underline">Show all</span>
      </summary>
      <p className="mt-2 whitespace-pre-line text-slate-700">{text}</p>
    </details>
  );
}

const table = (onRoomPage: boolean): TableCard<AgreementAcceptanceRow> => ({
  title: "Agreements",
  pagerLabel: "Agreement pages",
  rowKey: (a) => a.id,
  columns: [
    { key: "reader", header: "Reader", rowHeader: true, cellClassName: "text-left font-medium text-slate-900", cell: (a) => a.reader },
    {
      key: "agreement",
      header: "Agreement accepted",
      cellClassName: "min-w-64 text-slate-700",
      cell: (a) => <AgreementText text={a.agreement} />,
    },
    { key: "through", header: "Link", hideBelow: "sm", cell: (a) => throughLabel(a.through, onRoomPage) },
    timeColumn("accepted", "Accepted", (a) => a.acceptedAt),
  ],
});

/**
 * The Agreements card: one page of who accepted which agreement text and when, newest first, and
 * the link (on a document's page, the room too) it was accepted through.
 */
export function AgreementsCard({
  agreements,
  onRoomPage = false,
  ...card
}: ListCardProps & { agreements: Awaited<ReturnType<typeof documentAgreements>>; onRoomPage?: boolean }) {
  return <PagedTableCard table={table(onRoomPage)} rows={agreements.acceptances} pagination={agreements.pagination} {...card} />;
}
