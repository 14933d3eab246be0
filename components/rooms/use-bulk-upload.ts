"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SendUpload } from "@/components/dashboard/upload-transports";
import { placeUploadedDocumentAction } from "@/lib/http/actions/room-actions";
import type { DroppedFile } from "./dropped-files";

export type UploadRow = {
  id: number;
  name: string;
  path: string[];
  status: "queued" | "uploading" | "checking" | "placing" | "done" | "failed" | "skipped";
  percent: number;
  message?: string;
};

/**
 * Uploads a drop's files `concurrency` at a time, each with its own progress and its own error,
 * then puts each in the room at its folder path under `folderId` (folders made as needed). The
 * page is redrawn once, when the last has finished. Progress is kept per 5 %: hundreds of rows
 * redrawn on every byte event would choke the page.
 */
export function useBulkUpload(roomId: string, send: SendUpload, concurrency: number) {
  const router = useRouter();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const nextId = useRef(0);
  const waiting = useRef<Array<{ id: number; dropped: DroppedFile; folderId: string | null }>>([]);
  const running = useRef(0);
  // Uploads outlive renders: each next one starts with the transport and page of the latest render.
  const latest = useRef({ send, roomId, router, concurrency });
  useEffect(() => {
    latest.current = { send, roomId, router, concurrency };
  });

  const update = useCallback((id: number, change: Partial<UploadRow>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));
  }, []);

  const runNext = useCallback(() => {
    const pump = () => {
      const { send, roomId, router, concurrency } = latest.current;
      while (running.current < concurrency && waiting.current.length > 0) {
        const { id, dropped, folderId } = waiting.current.shift()!;
        running.current++;
        const finish = (change: Partial<UploadRow>) => {
          update(id, change);
          running.current--;
          if (running.current === 0 && waiting.current.length === 0) router.refresh();
          pump();
        };
        let shown = -1;
        update(id, { status: "uploading", percent: 0 });
        send(dropped.file, new FormData(), {
          onProgress: (percent) => {
            if (percent - shown < 5 && percent < 100) return;
            shown = percent;
            update(id, { status: "uploading", percent });
          },
          onProcessing: () => update(id, { status: "checking", percent: 100 }),
          onError: (message) => finish({ status: "failed", message }),
          onDone: (shortCode) => {
            update(id, { status: "placing" });
            placeUploadedDocumentAction(roomId, { short_code: shortCode, folder_id: folderId, path: dropped.path }).then(
              (answer) => {
                const refused = answer?.error ?? Object.values(answer?.fieldErrors ?? {})[0];
                finish(refused ? { status: "failed", message: `Uploaded, but not added to the room: ${refused}` } : { status: "done" });
              },
              () => finish({ status: "failed", message: "Uploaded, but not added to the room. Reload the page and try again." }),
            );
          },
        });
      }
    };
    pump();
  }, [update]);

  /** Queues the drop's PDFs and names its other files as skipped. */
  const start = useCallback(
    (pdfs: readonly DroppedFile[], skipped: readonly DroppedFile[], folderId: string | null) => {
      const row = (dropped: DroppedFile, status: UploadRow["status"], message?: string): UploadRow => ({
        id: nextId.current++,
        name: dropped.file.name,
        path: dropped.path,
        status,
        percent: 0,
        message,
      });
      const queued = pdfs.map((dropped) => row(dropped, "queued"));
      setRows((current) => [...current, ...queued, ...skipped.map((dropped) => row(dropped, "skipped", "Not a PDF: left out"))]);
      queued.forEach((added, i) => waiting.current.push({ id: added.id, dropped: pdfs[i]!, folderId }));
      runNext();
    },
    [runNext],
  );

  const busy = rows.some((row) => row.status !== "done" && row.status !== "failed" && row.status !== "skipped");
  return { rows, start, busy };
}
