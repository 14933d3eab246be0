import { SolidIcon } from "@/components/ui/icons";

/**
 * On a document's or a link's page while the current version is shorter than a gate's chosen
 * page: which gates stand earlier than chosen, and when they go back. Shown for as long as it is
 * true, not only after the upload or restore that caused it.
 */
export function WaitingGatesNotice({ notices }: { notices: string[] }) {
  if (notices.length === 0) return null;
  return (
    <section
      aria-labelledby="waiting-gates-heading"
      data-testid="waiting-gates"
      className="mb-6 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <SolidIcon name="alert" className="mt-0.5 text-amber-600" />
      <div className="min-w-0 space-y-1">
        <h2 id="waiting-gates-heading" className="font-medium">
          {notices.length === 1 ? "A gate stands earlier than chosen" : "Gates stand earlier than chosen"}
        </h2>
        {notices.map((notice) => (
          <p key={notice}>{notice}</p>
        ))}
      </div>
    </section>
  );
}
