import { IndexNumber } from "@/components/ui/index-number";
import type { ReaderDocument, ReaderFolder } from "@/lib/rooms/room-reader-contents";

/** One level of a room's folder tree: its folders as native disclosure widgets (open), then its documents. */
export function FolderLevel({
  code,
  parentId,
  byFolder,
  subfolders,
  canDownload,
}: {
  code: string;
  parentId: string | null;
  byFolder: Map<string | null, ReaderDocument[]>;
  subfolders: Map<string | null, ReaderFolder[]>;
  canDownload: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {(subfolders.get(parentId) ?? []).map((folder) => (
        <li key={folder.id}>
          <details open className="group">
            <summary className="flex cursor-pointer items-center gap-2 rounded px-2 py-2 font-medium text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
              <span aria-hidden className="inline-block transition-transform group-open:rotate-90">
                ›
              </span>
              <IndexNumber value={folder.index} />
              <span className="break-words">{folder.name}</span>
            </summary>
            <div className="border-l border-slate-200 pl-3 sm:ml-3">
              <FolderLevel code={code} parentId={folder.id} byFolder={byFolder} subfolders={subfolders} canDownload={canDownload} />
            </div>
          </details>
        </li>
      ))}
      {(byFolder.get(parentId) ?? []).map((doc) => (
        <DocumentRow key={doc.code} code={code} doc={doc} canDownload={canDownload} />
      ))}
    </ul>
  );
}

/** A document of a room: thumbnail, title (the link to read it), page count, where it sits (in search results) and its download. */
export function DocumentRow({
  code,
  doc,
  canDownload,
  where = null,
}: {
  code: string;
  doc: ReaderDocument;
  canDownload: boolean;
  where?: string | null;
}) {
  const href = `/s/${code}/${doc.code}`;
  return (
    <li className="flex items-center gap-3 px-2 py-2" data-testid="room-document">
      <div className="flex h-14 w-11 shrink-0 items-center justify-center overflow-hidden rounded border border-slate-200 bg-slate-50">
        {doc.thumbnail ? (
          // eslint-disable-next-line @next/next/no-img-element -- a private, per-reader image: Next's optimiser must not cache it
          <img
            src={`${href}/pages/1?w=thumb&version=${doc.version}`}
            alt=""
            loading="lazy"
            className="h-full w-full object-cover object-top"
          />
        ) : (
          <span aria-hidden className="text-xs text-slate-400">
            PDF
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <IndexNumber value={doc.index} />{" "}
        <a
          href={href}
          className="font-medium break-words text-slate-900 hover:text-brand-ink hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          {doc.title}
        </a>
        <p className="text-xs text-slate-500">
          {doc.pageCount} page{doc.pageCount === 1 ? "" : "s"}
          {where && <> · {where}</>}
        </p>
      </div>
      {canDownload && doc.downloadable && (
        <a
          href={`${href}/download`}
          className="shrink-0 rounded px-2 py-1 text-sm text-brand-ink hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          aria-label={`Download ${doc.title}`}
        >
          Download
        </a>
      )}
    </li>
  );
}
