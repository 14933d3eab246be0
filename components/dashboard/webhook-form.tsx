"use client";

import { useActionState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Button } from "@/components/ui/button";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { Field, FormError, Input } from "@/components/ui/field";
import { type WebhookState, saveWebhookAction } from "@/lib/http/actions/settings-actions";
import { WebhookEventChoices } from "./webhook-event-choices";

/** The owner's webhook as the settings page shows it. */
export type WebhookSummary = {
  url: string;
  events: string[];
  is_active: boolean;
  consecutive_failures: number;
  disabled_at: string | null;
  disabled_reason: "failed_deliveries" | "url_setter_left" | "account_claimed" | null;
};

/**
 * Creates the webhook or saves its endpoint and events (saving a disabled one re-enables it). A new
 * webhook's signing secret is shown once, here, right after it is created.
 */
export function WebhookForm({
  webhook,
  kinds,
  pending,
  onDelete,
}: {
  webhook: WebhookSummary | null;
  kinds: readonly string[];
  /** A redelivery or the webhook's deletion is under way. */
  pending: boolean;
  onDelete: () => void;
}) {
  const [saved, save, saving] = useActionState<WebhookState, FormData>(saveWebhookAction, undefined);
  return (
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
      <WebhookEventChoices kinds={kinds} chosen={webhook?.events ?? null} error={saved?.fieldErrors?.events} />
      <FormError message={saved?.error} />
      {saved?.secret && (
        <OneTimeSecret message="Signing secret. Copy it now: it is not shown again." value={saved.secret} testId="webhook-secret" />
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
          <Button variant="secondary" className="text-red-700" disabled={pending} onClick={onDelete}>
            Delete webhook
          </Button>
        )}
      </div>
    </ActionForm>
  );
}
