"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import { DEFAULT_SETTINGS, DOCUMENT_SETTINGS } from "@/lib/documents/settings-form";
import { EmptyDropZone } from "./empty-drop-zone";
import { PdfDropArea } from "./pdf-drop-area";
import { SettingsFields } from "./settings-fields";
import { UploadProgress } from "./upload-progress";
import { type SendUpload, useServerUpload, useUploadThingUpload } from "./upload-transports";
import { plural } from "@/lib/plural";
import { UploadList } from "./upload-list";
import { uploadFormData } from "./upload-form-data";
import { useBulkUpload } from "./use-bulk-upload";
import { useChosenPdf } from "./use-chosen-pdf";
import { acceptAttribute, kindsInWords, type UploadKind } from "@/lib/office/upload-types";
import { useFileDrop } from "./use-file-drop";
import { useUploadSubmit } from "./use-upload-submit";

type UploadPanelProps = {
  maxUploadMb: number;
  /** The kinds of file this server takes (office files only where LibreOffice is installed). */
  uploadKinds: UploadKind[];
  startOpen?: boolean;
  variant?: "button" | "empty";
  /** Files go from the browser straight to UploadThing (STORAGE_DRIVER=uploadthing). */
  direct?: boolean;
};

/**
 * The upload form behind a button, or, as the empty state of a documents page with none yet, a
 * drop zone that opens the form with the dropped or chosen file. The file goes through this
 * server, or straight to UploadThing when that is where files are stored.
 */
export function UploadPanel({ direct = false, ...props }: UploadPanelProps) {
  return direct ? <DirectUploadPanel {...props} /> : <ServerUploadPanel {...props} />;
}

// Several files at once through this server (its queues bound the work); UploadThing's client reports one upload at a time.
function ServerUploadPanel(props: Omit<UploadPanelProps, "direct">) {
  return <UploadForm {...props} send={useServerUpload()} concurrency={3} />;
}

function DirectUploadPanel(props: Omit<UploadPanelProps, "direct">) {
  return <UploadForm {...props} send={useUploadThingUpload()} concurrency={1} />;
}

/**
 * Closed, the drop zone (empty state) or the Upload file button; open, the file, its title and access
 * rules. Several files chosen or dropped together are uploaded with the same rules, each titled by
 * its file name and listed with its own progress; one file opens its new document once uploaded.
 */
function UploadForm({
  maxUploadMb,
  uploadKinds,
  startOpen = false,
  variant = "button",
  send,
  concurrency,
}: Omit<UploadPanelProps, "direct"> & { send: SendUpload; concurrency: number }) {
  const [open, setOpen] = useState(startOpen);
  const { status, errors, busy, reset, submit } = useUploadSubmit(send);
  const inputRef = useRef<HTMLInputElement>(null);
  const [others, setOthers] = useState<File[]>([]);
  const router = useRouter();
  // All added: the documents list shows them (the first upload's empty page becomes the list). A failure keeps this list on screen.
  const bulk = useBulkUpload(send, concurrency, { finished: (failed) => failed === 0 && router.refresh() });
  const { file, pages, fileError, choose } = useChosenPdf(maxUploadMb, uploadKinds, {
    onPick: reset,
    onAccepted: () => setOpen(true),
  });
  const chooseAll = (files: File[]) => {
    setOthers(files.slice(1));
    void choose(files[0]);
  };
  const drop = useFileDrop(chooseAll);
  const submitAll = (event: React.FormEvent<HTMLFormElement>) => {
    if (others.length === 0 || !file) return submit(event, file);
    event.preventDefault();
    const { form, problems } = uploadFormData(event.currentTarget);
    if (Object.keys(problems).length > 0) return submit(event, file);
    form.delete("title");
    // Unless the owner typed it, the preview's length is each file's default (three pages, or all of a shorter one).
    const preview = event.currentTarget.elements.namedItem(DOCUMENT_SETTINGS.gate_page.field);
    if (preview instanceof HTMLInputElement && !preview.dataset.chosen) form.delete(DOCUMENT_SETTINGS.gate_page.field);
    bulk.start(
      [file, ...others].map((chosen) => ({ file: chosen, path: [] })),
      [],
      form,
    );
    setOthers([]);
  };
  const fileInput = (
    <input
      ref={inputRef}
      id="upload-file"
      type="file"
      multiple
      accept={acceptAttribute(uploadKinds)}
      // The form labels it with its "Choose a file" label; in the empty state the Upload file button is
      // the control, and the hidden input takes no tab stop of its own.
      aria-label={variant === "empty" ? "File to share" : undefined}
      tabIndex={variant === "empty" ? -1 : undefined}
      className="sr-only"
      aria-describedby={fileError ? "upload-file-error" : undefined}
      onChange={(e) => chooseAll(Array.from(e.target.files ?? []))}
    />
  );
  const statusError = status.kind === "error" ? status.message : null;
  const fileErrorMessage = fileError && <FormError id="upload-file-error" message={fileError} />;
  const errorMessage = statusError && <FormError message={statusError} />;

  if (!open && variant === "empty") {
    return (
      <EmptyDropZone
        dropHandlers={drop.handlers}
        dragging={drop.dragging}
        fileInput={fileInput}
        onChoose={() => inputRef.current?.click()}
        maxUploadMb={maxUploadMb}
        types={kindsInWords(uploadKinds)}
        message={fileErrorMessage || errorMessage}
      />
    );
  }

  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} aria-expanded={false}>
        Upload file
      </Button>
    );
  }

  return (
    <form
      onSubmit={submitAll}
      className="w-full space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label="Upload a document"
    >
      <PdfDropArea
        dropHandlers={drop.handlers}
        dragging={drop.dragging}
        file={file}
        pages={pages}
        fileInput={fileInput}
        maxUploadMb={maxUploadMb}
        types={kindsInWords(uploadKinds)}
        message={
          fileErrorMessage ||
          (others.length > 0 && (
            <p className="text-sm text-slate-700">
              and {plural(others.length, "more file")}: each is titled by its own title (or its file name) and gets the access rules below.
            </p>
          ))
        }
      />

      <TextField
        id="title"
        label="Title"
        hint="Defaults to the PDF's own title, or else the file name"
        error={errors.title}
        name="title"
        maxLength={200}
        disabled={others.length > 0}
        placeholder={file ? file.name.replace(/\.[a-z0-9]{2,4}$/i, "").replace(/[_-]+/g, " ") : ""}
      />
      <SettingsFields
        values={{ ...DEFAULT_SETTINGS, gate_page: Math.min(DEFAULT_SETTINGS.gate_page, pages ?? DEFAULT_SETTINGS.gate_page) }}
        pageCount={pages}
        errors={errors}
      />

      {(status.kind === "uploading" || status.kind === "processing") && (
        <UploadProgress percent={status.kind === "uploading" ? status.percent : null} />
      )}
      {errorMessage}
      {bulk.rows.length > 0 && <UploadList rows={bulk.rows} />}
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || !file}>
          {busy ? "Uploading…" : others.length > 0 ? `Upload ${others.length + 1} files` : "Upload and create link"}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
