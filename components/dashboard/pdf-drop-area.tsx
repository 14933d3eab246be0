import { formatBytes } from "@/lib/documents/check-pdf-choice";
import { plural } from "@/lib/plural";

/** Where the upload form takes its PDF: dropped on it or chosen, then named with its size and page count. */
export function PdfDropArea({
  dropHandlers,
  dragging,
  file,
  pages,
  fileInput,
  maxUploadMb,
  types,
  message,
}: {
  dropHandlers: React.HTMLAttributes<HTMLElement>;
  dragging: boolean;
  file: File | null;
  pages: number | null;
  fileInput: React.ReactNode;
  maxUploadMb: number;
  /** The types the server takes, in words ("PDF, PowerPoint, Word, Excel or images"). */
  types: string;
  message: React.ReactNode;
}) {
  return (
    <div
      {...dropHandlers}
      className={`flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50"}`}
    >
      {file ? (
        <p className="text-sm text-slate-800">
          <span className="font-medium">{file.name}</span> · {formatBytes(file.size)}
          {pages ? ` · ${plural(pages, "page")}` : ""}
        </p>
      ) : (
        <p className="text-sm text-slate-600">Drag a file here, or</p>
      )}
      {fileInput}
      <label
        htmlFor="upload-file"
        className="mt-2 cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-within:outline-2"
      >
        {file ? "Choose another file" : "Choose a file"}
      </label>
      <p className="mt-2 text-xs text-slate-500">
        {types}, up to {maxUploadMb} MB
      </p>
      {message && <div className="mt-3">{message}</div>}
    </div>
  );
}
