import { CopyButton } from "./copy-button";

/**
 * A secret the server shows once (an API key, an invitation link, a webhook's signing secret):
 * announced as a status, with what it is, the value and a copy button.
 */
export function OneTimeSecret({ message, value, testId }: { message: React.ReactNode; value: string; testId: string }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm font-medium text-emerald-900">{message}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          data-testid={testId}
          className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900 ring-1 ring-emerald-200"
        >
          {value}
        </code>
        <CopyButton value={value} />
      </div>
    </div>
  );
}
