/** What a delivery sent and what came back, as the Webhook page lists deliveries. */
export type DeliveryExchange = {
  payload: Record<string, unknown>;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
};

/** The document an event is about, from its payload (`data.document`); null for events about no document (a test, a room). */
export function deliveredDocument(payload: Record<string, unknown>): { title: string; shortCode: string } | null {
  const data = payload.data as { document?: { title?: unknown; short_code?: unknown } | null } | undefined;
  const document = data?.document;
  if (!document || typeof document.title !== "string" || typeof document.short_code !== "string") return null;
  return { title: document.title, shortCode: document.short_code };
}

const block =
  "mt-1 max-h-72 overflow-auto rounded-md border border-slate-200 bg-white p-3 font-mono text-xs whitespace-pre-wrap break-all text-slate-800";

/**
 * What one delivery sent and what came back: the request body as every attempt sent it (pretty
 * JSON), the latest response's status and the first bytes of its body, as stored.
 */
export function WebhookDeliveryDetails({ delivery }: { delivery: DeliveryExchange }) {
  const document = deliveredDocument(delivery.payload);
  return (
    <div className="space-y-3 text-sm">
      {document && (
        <p className="text-slate-700">
          About <span className="font-medium text-slate-900">{document.title}</span>{" "}
          <code className="font-mono text-xs text-slate-500">{document.shortCode}</code>
        </p>
      )}
      <div>
        <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Request body</h3>
        {/* A long body scrolls in its box: a named region the keyboard can reach and scroll. */}
        <pre className={block} role="region" aria-label="Request body" tabIndex={0} data-testid="delivery-request">
          {JSON.stringify(delivery.payload, null, 2)}
        </pre>
      </div>
      <div>
        <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Response</h3>
        <p className="mt-1 text-slate-700" data-testid="delivery-response-status">
          {delivery.response_status === null ? (delivery.error ?? "No response yet") : `HTTP ${delivery.response_status}`}
        </p>
        {delivery.response_body ? (
          <pre className={block} role="region" aria-label="Response body" tabIndex={0} data-testid="delivery-response-body">
            {delivery.response_body}
          </pre>
        ) : (
          delivery.response_status !== null && <p className="mt-1 text-slate-500">The response had no body.</p>
        )}
      </div>
    </div>
  );
}
