import { Button } from "@/components/ui/button";

/** The documents page with none yet: a zone to drop the first PDF on, or a button to choose one. */
export function EmptyDropZone({
  dropHandlers,
  dragging,
  fileInput,
  onChoose,
  maxUploadMb,
  types,
  message,
}: {
  dropHandlers: React.HTMLAttributes<HTMLElement>;
  dragging: boolean;
  fileInput: React.ReactNode;
  onChoose: () => void;
  maxUploadMb: number;
  /** The types the server takes, in words ("PDF, PowerPoint, Word, Excel or images"). */
  types: string;
  message: React.ReactNode;
}) {
  return (
    <section
      {...dropHandlers}
      aria-labelledby="upload-empty-title"
      data-testid="empty-drop-zone"
      className={`rounded-xl border-2 border-dashed px-6 py-14 text-center transition-colors ${dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white"}`}
    >
      <h2 id="upload-empty-title" className="text-lg font-semibold text-slate-900">
        Share your first document
      </h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        Drop a document here to get a link. Gate it with an email or a password, then watch who reads it, page by page.
      </p>
      {fileInput}
      <Button className="mt-4" onClick={onChoose}>
        Upload file
      </Button>
      <p className="mt-2 text-xs text-slate-500">
        {types}, up to {maxUploadMb} MB
      </p>
      {message && <div className="mx-auto mt-4 max-w-md">{message}</div>}
    </section>
  );
}
