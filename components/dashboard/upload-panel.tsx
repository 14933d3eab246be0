"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { formatBytes, PDF_HEADER_LENGTH, pdfChoiceProblem } from "@/lib/documents/check-pdf-choice";
import { DEFAULT_SETTINGS, formFieldProblems, setAccessRulesAsUploadFields, withUncheckedBoxes } from "@/lib/documents/settings-form";
import { plural } from "@/lib/plural";
import { SettingsFields } from "./settings-fields";
import { type SendUpload, useServerUpload, useUploadThingUpload } from "./upload-transports";

type Status = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "processing" } | { kind: "error"; message: string };

/** Counts pages in the browser (pdf.js, loaded only when a file is chosen) to bound the gate page. */
async function countPages(file: File): Promise<number | null> {
  try {
    const { pdfjs } = await import("react-pdf");
    pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) }).promise;
    const pages = pdf.numPages;
    await pdf.cleanup();
    return pages;
  } catch {
    return null;
  }
}

/** Drag-and-drop handlers for an area that takes a dropped file; `dragging` lights it up. */
function useFileDrop(onFile: (file: File | undefined) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver: (e: React.DragEvent) => {
        e.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (e: React.DragEvent) => {
        e.preventDefault();
        setDragging(false);
        onFile(e.dataTransfer.files[0]);
      },
    },
  };
}

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

function UploadForm({ maxUploadMb, startOpen = false, variant = "button", send }: Omit<UploadPanelProps, "direct"> & { send: SendUpload }) {
  const router = useRouter();
  const [open, setOpen] = useState(startOpen);
  const [file, setFile] = useState<File | null>(null);
  const [pages, setPages] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fileError, setFileError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef<File | null>(null);

  /**
   * Checks the file as soon as it is picked. Only the file's own state changes here: the settings
   * already chosen stay as they are, however late the page count arrives.
   */
  async function choose(chosen: File | undefined) {
    setErrors({});
    setStatus({ kind: "idle" });
    if (!chosen) return;
    latest.current = chosen;
    const head = new Uint8Array(await chosen.slice(0, PDF_HEADER_LENGTH).arrayBuffer());
    if (latest.current !== chosen) return;
    const problem = pdfChoiceProblem(chosen, head, maxUploadMb);
    setFileError(problem);
    setFile(problem ? null : chosen);
    setPages(null);
    if (problem) return;
    setOpen(true);
    const counted = await countPages(chosen);
    if (latest.current === chosen) setPages(counted);
  }
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
  const fileErrorMessage = fileError && (
    <p id="upload-file-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {fileError}
    </p>
  );
  const errorMessage = status.kind === "error" && (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {status.message}
    </p>
  );

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setStatus({ kind: "error", message: "Choose a PDF first." });
      return;
    }
    const form = withUncheckedBoxes(new FormData(event.currentTarget));
    form.delete("clear_password");
    if (!form.get("password")) form.delete("password");
    if (!form.get("title")) form.delete("title");
    if (form.get("gate_page") === null) form.delete("gate_page");
    const problems = setAccessRulesAsUploadFields(form);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setStatus({ kind: "error", message: "Check the access rules: some could not be read." });
      return;
    }
    send(file, form, {
      onProgress: (percent) => setStatus({ kind: "uploading", percent }),
      onProcessing: () => setStatus({ kind: "processing" }),
      onDone: (shortCode) => router.push(`/documents/${shortCode.slice(2)}?uploaded=1`),
      onError: (message, fields) => {
        setErrors(formFieldProblems(fields));
        setStatus({ kind: "error", message });
      },
    });
  }

  if (!open && variant === "empty") {
    return (
      <section
        {...drop.handlers}
        aria-labelledby="upload-empty-title"
        data-testid="empty-drop-zone"
        className={`rounded-xl border-2 border-dashed px-6 py-14 text-center transition-colors ${drop.dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white"}`}
      >
        <h2 id="upload-empty-title" className="text-lg font-semibold text-slate-900">
          Share your first document
        </h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
          Drop a PDF here to get a link. Gate it with an email or a password, then watch who reads it, page by page.
        </p>
        {fileInput}
        <Button className="mt-4" onClick={() => inputRef.current?.click()}>
          Upload PDF
        </Button>
        <p className="mt-2 text-xs text-slate-500">PDF, up to {maxUploadMb} MB</p>
        {(fileErrorMessage || errorMessage) && <div className="mx-auto mt-4 max-w-md">{fileErrorMessage || errorMessage}</div>}
      </section>
    );
  }

  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} aria-expanded={false}>
        Upload PDF
      </Button>
    );
  }

  const busy = status.kind === "uploading" || status.kind === "processing";
  return (
    <form
      onSubmit={submit}
      className="w-full space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label="Upload a PDF"
    >
      <div
        {...drop.handlers}
        className={`flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${drop.dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50"}`}
      >
        {file ? (
          <p className="text-sm text-slate-800">
            <span className="font-medium">{file.name}</span> · {formatBytes(file.size)}
            {pages ? ` · ${plural(pages, "page")}` : ""}
          </p>
        ) : (
          <p className="text-sm text-slate-600">Drag a PDF here, or</p>
        )}
        {fileInput}
        <label
          htmlFor="upload-file"
          className="mt-2 cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-within:outline-2"
        >
          {file ? "Choose another file" : "Choose a file"}
        </label>
        <p className="mt-2 text-xs text-slate-500">PDF, up to {maxUploadMb} MB</p>
        {fileErrorMessage && <div className="mt-3">{fileErrorMessage}</div>}
      </div>

      <Field id="title" label="Title" hint="Defaults to the file name" error={errors.title}>
        <Input id="title" name="title" maxLength={200} placeholder={file ? file.name.replace(/\.pdf$/i, "").replace(/[_-]+/g, " ") : ""} />
      </Field>
      <SettingsFields
        values={{ ...DEFAULT_SETTINGS, gate_page: Math.min(DEFAULT_SETTINGS.gate_page, pages ?? DEFAULT_SETTINGS.gate_page) }}
        pageCount={pages}
        errors={errors}
      />

      {status.kind === "uploading" || status.kind === "processing" ? (
        <div>
          <div className="flex justify-between text-xs text-slate-600">
            <span>{status.kind === "processing" ? "Checking the PDF…" : "Uploading…"}</span>
            <span>{status.kind === "uploading" ? `${status.percent}%` : ""}</span>
          </div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={status.kind === "uploading" ? status.percent : 100}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-all"
              style={{ width: `${status.kind === "uploading" ? status.percent : 100}%` }}
            />
          </div>
        </div>
      ) : null}
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
