import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import type { PeriodKey } from "@/lib/dashboard/period";
import type { LinkDetail } from "@/lib/links/document-links";
import { linkName } from "./link-navigation";
import { LinkFormDialog } from "./links-form";
import { LinkStatus } from "./links-section";
import { PageHeader } from "./page-header";

/** The way back to the document (in the same period), the link's name, status and rules in words, and while it exists its copy and Edit buttons. */
export function LinkHeader({ doc, link, period }: { doc: { code: string; title: string }; link: LinkDetail; period: PeriodKey }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href={`/documents/${doc.code}${period === "all" ? "" : `?period=${period}`}`} className="text-slate-500 hover:text-slate-800">
          ← {doc.title}
        </Link>
      </nav>
      <PageHeader
        title={linkName(link)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <LinkStatus link={link} />
            <span>
              {link.name === null ? "The document's own link" : "A link"} to {doc.title}.
            </span>
            {link.rules && <span data-testid="link-rules">{link.rules}</span>}
          </span>
        }
        actions={
          !link.deleted && (
            <span className="flex flex-wrap gap-2">
              <CopyButton value={link.url} label="Copy link" size="md" />
              {link.name !== null && (
                <LinkFormDialog target={{ kind: "edit", code: link.code, name: link.name, overrides: link.overrides }} label="Edit" />
              )}
            </span>
          )
        }
      />
    </>
  );
}
