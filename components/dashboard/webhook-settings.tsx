"use client";

import { useTransition } from "react";
import { LocalTime } from "@/components/ui/local-time";
import { deleteWebhookAction, redeliverAction } from "@/lib/http/actions/settings-actions";
import { type DeliveryRow, WebhookDeliveries } from "./webhook-deliveries";
import { type WebhookSummary, WebhookForm } from "./webhook-form";
import { WebhookTestForm } from "./webhook-test-form";

/** Why a disabled webhook stopped, and what saving it again means. */
const WHY_DISABLED: Record<NonNullable<WebhookSummary["disabled_reason"]>, string> = {
  failed_deliveries: "after 3 failed deliveries in a row. Fix the receiver, then save to re-enable it.",
  url_setter_left:
    "because the member who last set its address left the team or is no longer an admin. If the address is your team's, save to re-enable it; otherwise change or delete it.",
  account_claimed:
    "when the owner's email address was confirmed for the first time, in case someone else set the account up. If you set this address, save to re-enable it.",
};

/**
 * The webhook settings page: why a disabled webhook stopped, its form, and once it exists a test
 * event and its recent deliveries. Deleting and redelivering share one transition, so neither
 * starts while the other is under way.
 */
export function WebhookSettings({
  webhook,
  kinds,
  deliveries,
}: {
  webhook: WebhookSummary | null;
  kinds: readonly string[];
  deliveries: DeliveryRow[];
}) {
  const [pending, start] = useTransition();
  return (
    <div className="space-y-8">
      {webhook && !webhook.is_active && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          This webhook was disabled
          {webhook.disabled_at && (
            <>
              {" "}
              on <LocalTime value={webhook.disabled_at} />
            </>
          )}
          {webhook.disabled_reason ? ` ${WHY_DISABLED[webhook.disabled_reason]}` : ". Save to re-enable it."}
        </div>
      )}
      <WebhookForm webhook={webhook} kinds={kinds} pending={pending} onDelete={() => start(() => deleteWebhookAction())} />
      {webhook && <WebhookTestForm />}
      {webhook && <WebhookDeliveries deliveries={deliveries} pending={pending} onRedeliver={(id) => start(() => redeliverAction(id))} />}
    </div>
  );
}
