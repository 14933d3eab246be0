"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { SolidIcon } from "@/components/ui/icons";
import { LocalTime } from "@/components/ui/local-time";
import { deleteForeverAction, restoreFromTrashAction, type TrashState } from "@/lib/http/actions/trash-actions";
import { plural } from "@/lib/plural";
import { TRASH_DAYS } from "@/lib/rules/trash";
import type { TrashItem } from "@/lib/trash/list-trash";

type Notice = { ok: boolean; text: string } | null;

const FAILED = "That did not go through. Reload the page and try again.";
const KIND = { document: "Document", room: "Room" } as const;
const COMES_BACK = { document: "its links, versions and analytics", room: "its folders, documents and links" } as const;
const GOES = {
  document: "The document, every version and link of it and its analytics are deleted now, files and all.",
  room: "The room, its folders and its links are deleted now; its documents stay in Documents.",
} as const;

/**
 * The Trash, most recently deleted first: what each item is and what comes back with it, who
 * deleted it and when, the days before the sweep, and Restore or Delete forever (asked first).
 * The row goes once its action is done; the outcome is announced, and focus moves to it so a
 * keyboard never falls back to the top of the page.
 */
export function TrashTable({ items }: { items: TrashItem[] }) {
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // After the commit that shows the notice, not a frame after the click: under load the action's
  // answer and the refreshed rows can arrive in commits later than any fixed delay.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const columns: ReadonlyArray<Column<TrashItem>> = [
    {
      key: "what",
      header: "Deleted",
      rowHeader: true,
      cell: (item) => (
        <>
          <span className="font-medium text-slate-900">{item.title}</span>
          <span className="mt-0.5 block text-xs font-normal text-slate-500">
            {KIND[item.kind]} · {item.summary}
          </span>
        </>
      ),
      cellClassName: "text-left break-words",
    },
    {
      key: "by",
      header: "Deleted by",
      cell: (item) => (
        <>
          {item.deletedBy ?? "A former member"}
          <LocalTime value={item.deletedAt} className="block text-xs text-slate-500" />
        </>
      ),
      hideBelow: "md",
      cellClassName: "align-top text-slate-700",
    },
    {
      key: "left",
      header: "Kept for",
      cell: (item) => (
        <span className={item.daysLeft <= 3 ? "font-medium text-amber-800" : "text-slate-700"}>
          {item.daysLeft > 0 ? plural(item.daysLeft, "more day") : "Its last hour"}
        </span>
      ),
      cellClassName: "align-top whitespace-nowrap",
    },
    {
      key: "actions",
      header: "Actions",
      srOnlyHeader: true,
      align: "end",
      cell: (item) => <TrashRowActions item={item} report={setNotice} />,
      cellClassName: "align-top",
    },
  ];
  return (
    <>
      <div role="status" className="empty:hidden">
        {notice?.ok && (
          <p
            ref={noticeRef}
            tabIndex={-1}
            className="mb-4 flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 focus:outline-none"
          >
            <SolidIcon name="check" />
            {notice.text}
          </p>
        )}
      </div>
      {notice && !notice.ok && (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role="alert"
          className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 focus:outline-none"
        >
          {notice.text}
        </p>
      )}
      <DataTable
        variant="page"
        caption="Trash, most recently deleted first"
        columns={columns}
        rows={items}
        rowKey={(item) => `${item.kind}:${item.id}`}
        rowProps={() => ({ "data-testid": "trash-item" })}
        empty={
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
            The Trash is empty. Documents and rooms deleted in this team wait here for {TRASH_DAYS} days before they are deleted for good.
          </p>
        }
      />
    </>
  );
}

function TrashRowActions({ item, report }: { item: TrashItem; report: (notice: Notice) => void }) {
  const [pending, start] = useTransition();
  const target = { kind: item.kind, id: item.id };
  const run = (action: (t: typeof target) => Promise<TrashState>, done: string) => {
    report(null);
    start(async () => {
      const state = await action(target).catch((): TrashState => ({ error: FAILED }));
      report(state.ok ? { ok: true, text: done } : { ok: false, text: state.error ?? FAILED });
    });
  };
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={pending}
        aria-label={`Restore “${item.title}”`}
        onClick={() => run(restoreFromTrashAction, `“${item.title}” was restored, with ${COMES_BACK[item.kind]}.`)}
      >
        Restore
      </Button>
      <ConfirmButton
        size="sm"
        className="text-red-700"
        pending={pending}
        aria-label={`Delete forever “${item.title}”`}
        title={`Delete “${item.title}” forever?`}
        description={`${GOES[item.kind]} This cannot be undone.`}
        confirmLabel="Delete forever"
        onConfirm={() => run(deleteForeverAction, `“${item.title}” was deleted for good.`)}
      >
        Delete forever
      </ConfirmButton>
    </div>
  );
}
