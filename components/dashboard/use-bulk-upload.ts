"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { DroppedFile } from "./dropped-files";
import type { SendUpload } from "./upload-transports";

export type UploadRow = {
  id: number;
  name: string;
  path: string[];
  status: "queued" | "uploading" | "checking" | "placing" | "done" | "failed" | "skipped";
  percent: number;
  message?: string;
  /** The new document's, once uploaded. */
  shortCode?: string;
};

/** What follows a file's upload (putting it in a room): null once done, else why it was refused. */
export type AfterUpload = (shortCode: string, dropped: DroppedFile) => Promise<string | null>;

type Steps = {
  /** What follows each upload (the room page puts the file in the room). */
  after?: AfterUpload;
  /** Once the last file has finished, with how many of the drop failed (the page redraws here, once). */
  finished: (failed: number) => void;
};

/**
 * Uploads a drop's files `concurrency` at a time, each with its own progress and its own error, the
 * settings of `form` with each, then `after` each. Progress is kept per 5 %: hundreds of rows
 * redrawn on every byte event would choke the page.
 */
export function useBulkUpload(send: SendUpload, concurrency: number, { after, finished }: Steps) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const nextId = useRef(0);
  const waiting = useRef<Array<{ id: number; dropped: DroppedFile; form: FormData }>>([]);
  const running = useRef(0);
  const failed = useRef(0);
  // Uploads outlive renders: each next one starts with the transport and page of the latest render.
  const latest = useRef({ send, concurrency, after, finished });
  useEffect(() => {
    latest.current = { send, concurrency, after, finished };
  });

  const update = useCallback((id: number, change: Partial<UploadRow>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));
  }, []);

  const runNext = useCallback(() => {
    const pump = () => {
      const { send, concurrency, after, finished } = latest.current;
      while (running.current < concurrency && waiting.current.length > 0) {
        const { id, dropped, form } = waiting.current.shift()!;
        running.current++;
        const finish = (change: Partial<UploadRow>) => {
          update(id, change);
          running.current--;
          if (change.status === "failed") failed.current++;
          if (running.current === 0 && waiting.current.length === 0) {
            finished(failed.current);
            failed.current = 0;
          }
          pump();
        };
        let shown = -1;
        update(id, { status: "uploading", percent: 0 });
        send(dropped.file, form, {
          onProgress: (percent) => {
            if (percent - shown < 5 && percent < 100) return;
            shown = percent;
            update(id, { status: "uploading", percent });
          },
          onProcessing: () => update(id, { status: "checking", percent: 100 }),
          onError: (message) => finish({ status: "failed", message }),
          onDone: (shortCode) => {
            if (!after) return finish({ status: "done", shortCode });
            update(id, { status: "placing", shortCode });
            after(shortCode, dropped).then(
              (refused) => finish(refused ? { status: "failed", message: refused } : { status: "done", shortCode }),
              () => finish({ status: "failed", message: "Uploaded, but the next step failed. Reload the page and try again." }),
            );
          },
        });
      }
    };
    pump();
  }, [update]);

  /** Queues the drop's PDFs, each to be sent with a copy of `form`, and names its other files as skipped. */
  const start = useCallback(
    (pdfs: readonly DroppedFile[], skipped: readonly DroppedFile[], form: FormData = new FormData()) => {
      const row = (dropped: DroppedFile, status: UploadRow["status"], message?: string): UploadRow => ({
        id: nextId.current++,
        name: dropped.file.name,
        path: dropped.path,
        status,
        percent: 0,
        message,
      });
      const queued = pdfs.map((dropped) => row(dropped, "queued"));
      setRows((current) => [
        ...current,
        ...queued,
        ...skipped.map((dropped) => row(dropped, "skipped", "Not a type this server takes: left out")),
      ]);
      queued.forEach((added, i) => waiting.current.push({ id: added.id, dropped: pdfs[i]!, form: copyOf(form) }));
      runNext();
    },
    [runNext],
  );

  const busy = rows.some((row) => row.status !== "done" && row.status !== "failed" && row.status !== "skipped");
  return { rows, start, busy };
}

function copyOf(form: FormData): FormData {
  const copy = new FormData();
  form.forEach((value, name) => copy.append(name, value));
  return copy;
}
