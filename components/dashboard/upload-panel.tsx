"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import { DEFAULT_SETTINGS } from "@/lib/documents/settings-form";
import { EmptyDropZone } from "./empty-drop-zone";
import { PdfDropArea } from "./pdf-drop-area";
import { SettingsFields } from "./settings-fields";
import { UploadProgress } from "./upload-progress";
import { type SendUpload, useServerUpload, useUploadThingUpload } from "./upload-transports";
import { useChosenPdf } from "./use-chosen-pdf";
import { useFileDrop } from "./use-file-drop";
import { useUploadSubmit } from "./use-upload-submit";

type UploadPanelProps = {
  maxUploadMb: number;
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

function ServerUploadPanel(props: Omit<UploadPanelProps, "direct">) {
  return <UploadForm {...props} send={useServerUpload()} />;
}

function DirectUploadPanel(props: Omit<UploadPanelProps, "direct">) {
  return <UploadForm {...props} send={useUploadThingUpload()} />;
}

/** Closed, the drop zone (empty state) or the Upload PDF button; open, the file, its title and access rules. */
function UploadForm({ maxUploadMb, startOpen = false, variant = "button", send }: Omit<UploadPanelProps, "direct"> & { send: SendUpload }) {
  const [open, setOpen] = useState(startOpen);
  const { status, errors, busy, reset, submit } = useUploadSubmit(send);
  const inputRef = useRef<HTMLInputElement>(null);
  const { file, pages, fileError, choose } = useChosenPdf(maxUploadMb, {
    onPick: reset,
    onAccepted: () => setOpen(true),
  });
  const drop = useFileDrop((dropped) => void choose(dropped));
  const fileInput = (
    <input
      ref={inputRef}
      id="upload-file"
      type="file"
      accept="application/pdf,.pdf"
      // The form labels it with its "Choose a file" label; in the empty state the Upload PDF button is
      // the control, and the hidden input takes no tab stop of its own.
      aria-label={variant === "empty" ? "PDF file" : undefined}
      tabIndex={variant === "empty" ? -1 : undefined}
      className="sr-only"
      aria-describedby={fileError ? "upload-file-error" : undefined}
      onChange={(e) => void choose(e.target.files?.[0])}
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
        message={fileErrorMessage || errorMessage}
      />
    );
  }

  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} aria-expanded={false}>
        Upload PDF
      </Button>
    );
  }

  return (
    <form
      onSubmit={(event) => submit(event, file)}
      className="w-full space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label="Upload a PDF"
    >
      <PdfDropArea
        dropHandlers={drop.handlers}
        dragging={drop.dragging}
        file={file}
        pages={pages}
        fileInput={fileInput}
        maxUploadMb={maxUploadMb}
        message={fileErrorMessage}
      />

      <TextField
        id="title"
        label="Title"
        hint="Defaults to the file name"
        error={errors.title}
        name="title"
        maxLength={200}
        placeholder={file ? file.name.replace(/\.pdf$/i, "").replace(/[_-]+/g, " ") : ""}
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
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || !file}>
          {busy ? "Uploading…" : "Upload and create link"}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
