import { Button } from "@/components/ui/button";
import { actionsColumn, timeColumn } from "@/components/ui/columns";
import { type Column, DataTable } from "@/components/ui/data-table";

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

/** The webhook's recent deliveries; a failed one (other than a test) can be sent again. */
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
        />
      )}
    </div>
  );
}
