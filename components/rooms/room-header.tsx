import Link from "next/link";
import { PageHeader } from "@/components/dashboard/page-header";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** The way back to the rooms, the room's name and description, its share URL to open or copy, and its activity record (`activityHref`, for those who read analytics). */
export function RoomHeader({
  name,
  description,
  url,
  activityHref,
}: {
  name: string;
  description: string;
  url: string;
  activityHref: string | null;
}) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/rooms" className="text-slate-500 hover:text-slate-800">
          ← Rooms
        </Link>
      </nav>
      <PageHeader
        title={name}
        description={description || undefined}
        actions={
          <>
            {activityHref && (
              <Link href={activityHref} className={buttonClass("secondary")}>
                Activity record
              </Link>
            )}
            <a href={url} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>
              Open room
            </a>
            <CopyButton value={url} label="Copy link" size="md" />
          </>
        }
      />
      <p className="-mt-4 mb-6 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">Share URL</span>
        <code className="min-w-0 rounded bg-slate-100 px-2 py-1 break-all text-slate-800">{url}</code>
      </p>
    </>
  );
}
