import { FieldError } from "@/components/ui/field";

/** The event kinds the webhook receives, as checkboxes: all of them for a new webhook. */
export function WebhookEventChoices({
  kinds,
  chosen,
  error,
}: {
  kinds: readonly string[];
  /** The events a saved webhook receives; null before there is one. */
  chosen: string[] | null;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? "webhook-events-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Events</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {kinds.map((kind, index) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="events"
              value={kind}
              defaultChecked={!chosen || chosen.includes(kind)}
              aria-invalid={index === 0 && error ? true : undefined}
              aria-describedby={error ? "webhook-events-error" : undefined}
              className="h-4 w-4 accent-brand-600"
            />
            <code className="font-mono text-slate-800">{kind}</code>
          </label>
        ))}
      </div>
      {error && <FieldError id="webhook-events-error" message={error} />}
    </fieldset>
  );
}
