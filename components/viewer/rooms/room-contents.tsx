"use client";

import { useDeferredValue, useMemo, useState } from "react";
import type { ReaderDocument, ReaderFolder } from "@/lib/rooms/room-reader-contents";
import { buttonClass } from "@/components/ui/button";
import { DocumentRow, FolderLevel } from "./room-document-list";
import { RoomTextMatches } from "./room-text-matches";
import { PagewiseMark, TeamLogo } from "../viewer-brand";
import { OwnerPreviewNote } from "../owner-preview-note";

type Props = {
  code: string;
  name: string;
  description: string;
  folders: ReaderFolder[];
  documents: ReaderDocument[];
  canDownload: boolean;
  ownerPreview: boolean;
};

/**
 * A room as its reader sees it: the header, a search by title and page text, and the folder tree with each
 * document's thumbnail, page count and (where allowed) download. Folders are native disclosure
 * widgets, so the keyboard and screen readers work them as they work any page.
 */
export function RoomContents({ code, name, description, folders, documents, canDownload, ownerPreview }: Props) {
  const [query, setQuery] = useState("");
  const search = useDeferredValue(query.trim().toLowerCase());
  const byFolder = useMemo(() => groupBy(documents, (doc) => doc.folderId), [documents]);
  const subfolders = useMemo(() => groupBy(folders, (folder) => folder.parentId), [folders]);
  const matches = search ? documents.filter((doc) => doc.title.toLowerCase().includes(search)) : null;
  const folderPath = useMemo(() => pathsOf(folders), [folders]);

  return (
    <main className="min-h-screen bg-slate-100 px-3 py-6 sm:px-6 sm:py-10">
      <div className="mx-auto max-w-4xl">
        <header className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <TeamLogo />
          <p className="text-xs font-semibold tracking-wide text-brand-ink uppercase">Shared room</p>
          <h1 className="mt-1 text-xl font-semibold break-words text-slate-900 sm:text-2xl">{name}</h1>
          {description && <p className="mt-2 text-sm whitespace-pre-line text-slate-600">{description}</p>}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <label htmlFor="room-search" className="block text-sm font-medium text-slate-700">
                Search documents
              </label>
              <input
                id="room-search"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Title or words in the pages"
                className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
              />
            </div>
            {canDownload && documents.some((doc) => doc.downloadable) && (
              <div className="flex flex-col items-start gap-1 sm:items-end">
                <a
                  href={`/s/${code}/zip`}
                  download
                  className={`${buttonClass("primary")} focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none`}
                >
                  Download all (ZIP)
                </a>
                <a
                  href={`/s/${code}/zip?index=1`}
                  download
                  className="rounded text-xs text-brand-ink hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                >
                  ZIP with index numbers
                </a>
              </div>
            )}
          </div>
        </header>

        <section aria-label="Documents" className="mt-4 rounded-xl border border-slate-200 bg-white p-2 shadow-sm sm:p-4">
          {documents.length === 0 ? (
            <p className="p-6 text-center text-sm text-slate-600">This room has no documents yet. Check back later.</p>
          ) : matches ? (
            <>
              <p role="status" className="px-2 py-1 text-sm text-slate-600">
                {matches.length === 0
                  ? `No document title contains “${query.trim()}”.`
                  : `${matches.length} document${matches.length === 1 ? "" : "s"} found`}
              </p>
              <ul className="divide-y divide-slate-100">
                {matches.map((doc) => (
                  <DocumentRow
                    key={doc.code}
                    code={code}
                    doc={doc}
                    canDownload={canDownload}
                    where={doc.folderId ? folderPath.get(doc.folderId) : null}
                  />
                ))}
              </ul>
            </>
          ) : (
            <FolderLevel code={code} parentId={null} byFolder={byFolder} subfolders={subfolders} canDownload={canDownload} />
          )}
          {matches && <RoomTextMatches code={code} search={search} />}
          <PagewiseMark className="mt-4 mb-2 text-center" />
        </section>
      </div>
      {ownerPreview && (
        <div className="fixed bottom-4 left-1/2 z-30 w-max max-w-[calc(100vw-2rem)] -translate-x-1/2">
          <OwnerPreviewNote />
        </div>
      )}
    </main>
  );
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Each folder's path from the top ("Financials / 2026"), to say where a search result sits. */
function pathsOf(folders: readonly ReaderFolder[]): Map<string, string> {
  const paths = new Map<string, string>();
  // Folders come each after its parent, so a parent's path is known before its children's.
  for (const folder of folders) {
    const parent = folder.parentId ? paths.get(folder.parentId) : undefined;
    paths.set(folder.id, parent ? `${parent} / ${folder.name}` : folder.name);
  }
  return paths;
}
