"use client";

import { useActionState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { ActionForm } from "@/components/ui/action-form";
import { Field, FieldError, FormError, Input } from "@/components/ui/field";
import {
  type TestState,
  type WebhookState,
  deleteWebhookAction,
  redeliverAction,
  saveWebhookAction,
  sendTestAction,
} from "@/lib/http/actions/settings-actions";
import { LocalTime } from "@/components/ui/local-time";

export type DeliveryRow = {
  delivery_id: string;
  event_id: string;
  event: string;
  status: string;
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
};

const STATUS_STYLE: Record<string, string> = {
  succeeded: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
  pending: "bg-amber-100 text-amber-900",
};

export function WebhookSettings({
  webhook,
  kinds,
  deliveries,
}: {
  webhook: { url: string; events: string[]; is_active: boolean; consecutive_failures: number; disabled_at: string | null } | null;
  kinds: readonly string[];
  deliveries: DeliveryRow[];
}) {
  const [saved, save, saving] = useActionState<WebhookState, FormData>(saveWebhookAction, undefined);
  const [tested, test, testing] = useActionState<TestState, FormData>(sendTestAction, undefined);
  const [pending, start] = useTransition();
  const eventsError = saved?.fieldErrors?.events;
  const columns: Array<Column<DeliveryRow>> = [
    {
      key: "event",
      header: "Event",
      cell: (d) => (
        <>
          <code className="font-mono">{d.event}</code>
          <span className="block text-xs text-slate-500">{d.event_id}</span>
        </>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (d) => <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status] ?? ""}`}>{d.status}</span>,
    },
    { key: "attempts", header: "Attempts", align: "end", cellClassName: "tabular-nums", cell: (d) => d.attempts },
    { key: "response", header: "Response", cell: (d) => d.response_status ?? d.error ?? "—" },
    {
      key: "time",
      header: "Time",
      cellClassName: "whitespace-nowrap text-slate-600",
      cell: (d) => <LocalTime value={d.last_attempt_at ?? d.created_at} />,
    },
    {
      key: "actions",
      header: "Actions",
      srOnlyHeader: true,
      align: "end",
      cell: (d) =>
        d.status === "failed" &&
        d.event !== "webhook.test" && (
          <Button size="sm" variant="secondary" disabled={pending} onClick={() => start(() => redeliverAction(d.delivery_id))}>
            Redeliver
          </Button>
        ),
    },
  ];

  return (
    <div className="space-y-8">
      {webhook && !webhook.is_active && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          This webhook was disabled on {webhook.disabled_at ? <LocalTime value={webhook.disabled_at} /> : ""} after 3 failed deliveries in a
          row. Fix the receiver, then save to re-enable it.
        </div>
      )}
      <ActionForm dispatch={save} state={saved} className="space-y-4" aria-label="Webhook">
        <Field id="webhook-url" label="Endpoint URL" hint="Pagewise POSTs signed JSON here" error={saved?.fieldErrors?.url}>
          {(control) => (
            <Input
              {...control}
              name="url"
              type="url"
              required
              defaultValue={webhook?.url}
              placeholder="https://example.com/webhooks/pagewise"
            />
          )}
        </Field>
        <fieldset aria-describedby={eventsError ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {kinds.map((kind, index) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="events"
                  value={kind}
                  defaultChecked={!webhook || webhook.events.includes(kind)}
                  aria-invalid={index === 0 && eventsError ? true : undefined}
                  aria-describedby={eventsError ? "webhook-events-error" : undefined}
                  className="h-4 w-4 accent-brand-600"
                />
                <code className="font-mono text-slate-800">{kind}</code>
              </label>
            ))}
          </div>
          {eventsError && <FieldError id="webhook-events-error" message={eventsError} />}
        </fieldset>
        <FormError message={saved?.error} />
        {saved?.secret && (
          <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
            <p className="text-sm font-medium text-emerald-900">Signing secret. Copy it now: it is not shown again.</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code data-testid="webhook-secret" className="rounded bg-white px-2 py-1 font-mono text-sm break-all ring-1 ring-emerald-200">
                {saved.secret}
              </code>
              <CopyButton value={saved.secret} />
            </div>
          </div>
        )}
        {saved?.saved && !saved.secret && (
          <p role="status" className="text-sm text-emerald-700">
            Saved{webhook?.is_active ? "" : " and re-enabled"}.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : webhook ? (webhook.is_active ? "Save webhook" : "Save and re-enable") : "Create webhook"}
          </Button>
          {webhook && (
            <Button variant="secondary" className="text-red-700" disabled={pending} onClick={() => start(() => deleteWebhookAction())}>
              Delete webhook
            </Button>
          )}
        </div>
      </ActionForm>

      {webhook && (
        <form action={test} className="space-y-2 border-t border-slate-100 pt-6">
          <h2 className="text-sm font-semibold text-slate-900">Send a test event</h2>
          <p className="text-sm text-slate-600">
            One signed <code className="font-mono">webhook.test</code> event, sent now.
          </p>
          <Button type="submit" variant="secondary" disabled={testing}>
            {testing ? "Sending…" : "Send test event"}
          </Button>
          {tested?.result && (
            <p
              role="status"
              data-testid="test-result"
              className={`text-sm ${tested.result.delivered ? "text-emerald-700" : "text-red-700"}`}
            >
              {tested.result.delivered
                ? `Delivered: HTTP ${tested.result.status_code} in ${tested.result.duration_ms} ms.`
                : `Not delivered: ${tested.result.error ?? `HTTP ${tested.result.status_code}`}.`}
            </p>
          )}
        </form>
      )}

      {webhook && (
        <div className="border-t border-slate-100 pt-6">
          <h2 className="text-sm font-semibold text-slate-900">Recent deliveries</h2>
          {deliveries.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">No deliveries yet.</p>
          ) : (
            <DataTable
              className="mt-2"
              data-testid="deliveries-table"
              caption="Recent deliveries"
              columns={columns}
              rows={deliveries}
              rowKey={(d) => d.delivery_id}
            />
          )}
        </div>
      )}
    </div>
  );
}
