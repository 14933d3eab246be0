"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { type TestState, sendTestAction } from "@/lib/http/actions/settings-actions";

/** Sends one signed `webhook.test` event now and says how the receiver answered. */
export function WebhookTestForm() {
  const [tested, test, testing] = useActionState<TestState, FormData>(sendTestAction, undefined);
  return (
    <form action={test} className="space-y-2 border-t border-slate-100 pt-6">
      <h2 className="text-sm font-semibold text-slate-900">Send a test event</h2>
      <p className="text-sm text-slate-600">
        One signed <code className="font-mono">webhook.test</code> event, sent now.
      </p>
      <Button type="submit" variant="secondary" disabled={testing}>
        {testing ? "Sending…" : "Send test event"}
      </Button>
      {tested?.result && (
        <p role="status" data-testid="test-result" className={`text-sm ${tested.result.delivered ? "text-emerald-700" : "text-red-700"}`}>
          {tested.result.delivered
            ? `Delivered: HTTP ${tested.result.status_code} in ${tested.result.duration_ms} ms.`
            : `Not delivered: ${tested.result.error ?? `HTTP ${tested.result.status_code}`}.`}
        </p>
      )}
    </form>
  );
}
