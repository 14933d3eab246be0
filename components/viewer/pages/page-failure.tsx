/**
 * In place of a page that could not be drawn: the reader learns it failed, and can try again unless
 * `onRetry` is null (the server said the page cannot be drawn, so a retry would only fail again).
 */
export function PageFailure({ page, onRetry }: { page: number; onRetry: (() => void) | null }) {
  return (
    <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-50 p-6 text-center">
      <p className="font-semibold text-slate-900">Page {page} could not be drawn</p>
      <p className="max-w-sm text-sm text-slate-600">Part of this page is damaged or in a form this viewer cannot show.</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-100"
        >
          Retry
        </button>
      )}
    </div>
  );
}
