import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { LocalTime } from "@/components/ui/local-time";
import type { DocumentPageData } from "@/lib/dashboard/document-page-data";
import { LETTER_ASPECT } from "@/lib/documents/page-shape";
import { plural } from "@/lib/plural";
import { PageHeader } from "./page-header";
import { PageThumbnail } from "./page-thumbnail";

/** The way back to the list, the document's title with its first page, its link's actions and, just after an upload, that the link is ready. */
export function DocumentHeader({ doc, url, uploaded }: { doc: DocumentPageData["doc"]; url: string; uploaded: boolean }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/documents" className="text-slate-500 hover:text-slate-800">
          ← Documents
        </Link>
      </nav>
      <PageHeader
        media={
          <PageThumbnail
            code={doc.code}
            version={doc.version}
            page={1}
            hasImage={doc.pageImages > 0}
            width={56}
            aspect={doc.firstPageAspect ?? LETTER_ASPECT}
            className="hidden sm:block"
          />
        }
        title={doc.title}
        description={
          <>
            {plural(doc.pageCount, "page")} · uploaded <LocalTime value={doc.createdAt} day />
          </>
        }
        actions={
          <>
            <a href={url} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>
              Open link
            </a>
            <CopyButton value={url} label="Copy link" size="md" />
          </>
        }
      />
      {uploaded && (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          Uploaded. Your link is ready to share: <span className="font-mono">{url}</span>
        </p>
      )}
    </>
  );
}
