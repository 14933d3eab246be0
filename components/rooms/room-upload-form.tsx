"use client";

import { acceptAttribute, kindsInWords, type UploadKind } from "@/lib/office/upload-types";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type SendUpload, useServerUpload, useUploadThingUpload } from "@/components/dashboard/upload-transports";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/field";
import { type Options, Select } from "@/components/ui/select";
import { plural } from "@/lib/plural";
import { type DroppedFile, filesOfDrop, filesOfInput, MAX_FILES_PER_DROP, sortDrop } from "@/components/dashboard/dropped-files";
import { UploadList } from "@/components/dashboard/upload-list";
import { useBulkUpload } from "@/components/dashboard/use-bulk-upload";
import { placeUploadedDocumentAction } from "@/lib/http/actions/room-actions";

type Props = { roomId: string; folders: Options; maxUploadMb: number; direct: boolean; uploadKinds: UploadKind[] };

// Through this server several files go at once (its queues bound the work); UploadThing's client reports one upload at a time.
const AT_ONCE = { server: 3, direct: 1 };

/** PDFs, many at once or a whole folder, uploaded as the documents page uploads one (through this server, or straight to UploadThing), then put in the room. */
export function RoomUploadForm({ direct, ...props }: Props) {
  return direct ? <DirectUpload {...props} /> : <ServerUpload {...props} />;
}

function ServerUpload(props: Omit<Props, "direct">) {
  return <UploadForm {...props} send={useServerUpload()} concurrency={AT_ONCE.server} />;
}

function DirectUpload(props: Omit<Props, "direct">) {
  return <UploadForm {...props} send={useUploadThingUpload()} concurrency={AT_ONCE.direct} />;
}

/**
 * The new documents take the team's default settings; readers who open them through the room meet
 * the room's rules instead. A dropped folder keeps its structure: its folders are made in the room
 * (inside the folder chosen here), and each file lands in its own.
 */
function UploadForm({
  roomId,
  folders,
  maxUploadMb,
  uploadKinds,
  send,
  concurrency,
}: Omit<Props, "direct"> & { send: SendUpload; concurrency: number }) {
  const [chosen, setChosen] = useState<{ pdfs: DroppedFile[]; skipped: DroppedFile[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const router = useRouter();
  const upload = useBulkUpload(send, concurrency, {
    after: async (shortCode, dropped) => {
      const answer = await placeUploadedDocumentAction(roomId, {
        short_code: shortCode,
        folder_id: dropped.into ?? null,
        path: dropped.path,
      });
      const refused = answer?.error ?? Object.values(answer?.fieldErrors ?? {})[0];
      return refused ? `Uploaded, but not added to the room: ${refused}` : null;
    },
    // The room's tree shows what went in; the list here stays, failures and all.
    finished: () => router.refresh(),
  });

  function choose(files: DroppedFile[]) {
    setError(null);
    if (files.length > MAX_FILES_PER_DROP) return setError(`Drop at most ${MAX_FILES_PER_DROP} files at once; this drop has more.`);
    const sorted = sortDrop(files, uploadKinds);
    if (sorted.pdfs.length === 0)
      return setError(
        files.length ? `None of these files is of a type this server takes (${kindsInWords(uploadKinds)}).` : "Choose at least one file.",
      );
    setChosen(sorted);
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return setError("Choose a file first.");
    const into = String(new FormData(event.currentTarget).get("folder_id") ?? "") || null;
    upload.start(
      chosen.pdfs.map((dropped) => ({ ...dropped, into })),
      chosen.skipped,
    );
    setChosen(null);
  }

  const folderCount = chosen ? new Set(chosen.pdfs.map(({ path }) => path.join("/")).filter(Boolean)).size : 0;
  return (
    <form onSubmit={submit} aria-label="Upload into the room" className="flex flex-col gap-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void filesOfDrop(e.dataTransfer).then(choose, () => setError("The dropped files could not be read. Choose them instead."));
        }}
        className={`flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50"}`}
      >
        <p className="text-sm text-slate-800" aria-live="polite">
          {chosen
            ? `${plural(chosen.pdfs.length, "file")}${folderCount ? ` in ${plural(folderCount, "folder")}` : ""}${chosen.skipped.length ? ` · ${chosen.skipped.length} other ${chosen.skipped.length === 1 ? "file" : "files"} left out` : ""}`
            : `Drag files (${kindsInWords(uploadKinds)}) or a whole folder here, or`}
        </p>
        <input
          id="upload-file"
          type="file"
          multiple
          accept={acceptAttribute(uploadKinds)}
          className="sr-only"
          onChange={(e) => e.target.files && choose(filesOfInput(e.target.files))}
        />
        <input
          id="upload-folder-files"
          type="file"
          className="sr-only"
          {...{ webkitdirectory: "", directory: "" }}
          onChange={(e) => e.target.files && choose(filesOfInput(e.target.files))}
        />
        <div className="mt-2 flex gap-2">
          {[
            ["upload-file", chosen ? "Choose other files" : "Choose files"],
            ["upload-folder-files", "Choose a folder"],
          ].map(([input, label]) => (
            <label
              key={input}
              htmlFor={input}
              className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-within:outline-2"
            >
              {label}
            </label>
          ))}
        </div>
        <p className="mt-2 text-xs text-slate-500">
          {kindsInWords(uploadKinds)}, up to {maxUploadMb} MB each, up to {MAX_FILES_PER_DROP.toLocaleString("en")} at once
        </p>
      </div>
      <Field id="upload-folder" label="Into folder">
        {(control) => <Select {...control} name="folder_id" options={[["", "Top level"], ...folders]} />}
      </Field>
      {error && <FormError message={error} />}
      <div>
        <Button type="submit" variant="secondary" disabled={!chosen}>
          {upload.busy && !chosen ? "Uploading…" : "Upload and add"}
        </Button>
      </div>
      {upload.rows.length > 0 && <UploadList rows={upload.rows} />}
    </form>
  );
}
