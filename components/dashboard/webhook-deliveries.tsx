"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { actionsColumn, timeColumn } from "@/components/ui/columns";
import { type Column, DataTable } from "@/components/ui/data-table";
import { deliveredDocument, WebhookDeliveryDetails } from "./webhook-delivery-details";

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
  /** The event's JSON body as sent. */
  payload: Record<string, unknown>;
  /** The first 2 KB of the latest response's body. */
  response_body: string | null;
};

const panelId = (d: DeliveryRow) => `delivery-${d.delivery_id}`;

const STATUS_STYLE: Record<string, string> = {
  succeeded: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
  pending: "bg-amber-100 text-amber-900",
};

/**
 * The webhook's recent deliveries, each naming the document it is about; a row opens (its event's
 * button: click, Enter or Space) what was sent and what came back. A failed one (other than a test)
 * can be sent again.
 */
export function WebhookDeliveries({
  deliveries,
  pending,
  onRedeliver,
}: {
  deliveries: DeliveryRow[];
  /** A redelivery or the webhook's deletion is under way. */
  pending: boolean;
  onRedeliver: (deliveryId: string) => void;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const columns: Array<Column<DeliveryRow>> = [
    {
      key: "event",
      header: "Event",
      cell: (d) => {
        const open = openId === d.delivery_id;
        const document = deliveredDocument(d.payload);
        return (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId(d)}
            onClick={() => setOpenId(open ? null : d.delivery_id)}
            className="flex items-start gap-1.5 text-left"
          >
            <span aria-hidden className={`mt-0.5 text-xs text-slate-400 transition-transform ${open ? "rotate-90" : ""}`}>
              ▶
            </span>
            <span>
              <code className="font-mono">{d.event}</code>
              {document && <span className="block text-xs text-slate-700">{document.title}</span>}
              <span className="block text-xs text-slate-500">{d.event_id}</span>
            </span>
          </button>
        );
      },
    },
    {
      key: "status",
      header: "Status",
      cell: (d) => <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status] ?? ""}`}>{d.status}</span>,
    },
    { key: "attempts", header: "Attempts", align: "end", cellClassName: "tabular-nums", cell: (d) => d.attempts },
    { key: "response", header: "Response", cell: (d) => d.response_status ?? d.error ?? "—" },
    timeColumn("time", "Time", (d) => d.last_attempt_at ?? d.created_at),
    actionsColumn(
      (d) =>
        d.status === "failed" &&
        d.event !== "webhook.test" && (
          <Button size="sm" variant="secondary" disabled={pending} onClick={() => onRedeliver(d.delivery_id)}>
            Redeliver
          </Button>
        ),
    ),
  ];

  return (
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
          expandedRow={(d) =>
            openId === d.delivery_id
              ? {
                  id: panelId(d),
                  content: (
                    // Below md the table scrolls sideways on a phone: the details keep to the visible width.
                    <section
                      aria-label={`Delivery ${d.event_id}`}
                      data-testid="delivery-details"
                      className="sticky left-5 max-w-[calc(100vw-4.625rem)] md:static md:max-w-none"
                    >
                      <WebhookDeliveryDetails delivery={d} />
                    </section>
                  ),
                }
              : null
          }
        />
      )}
    </div>
  );
}
