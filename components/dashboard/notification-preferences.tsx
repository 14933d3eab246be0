"use client";

import { useActionState } from "react";
import { type PreferencesState, savePreferencesAction } from "@/lib/http/actions/notification-actions";
import type { NotificationPreferences } from "@/lib/users/notification-preferences";
import { Toggle } from "@/components/ui/toggle";
import { SaveFooter } from "@/components/ui/submit-button";

export function NotificationPreferencesForm({
  preferences,
  digestMinutes,
}: {
  preferences: NotificationPreferences;
  digestMinutes: number;
}) {
  const [state, action, pending] = useActionState<PreferencesState, FormData>(savePreferencesAction, undefined);
  return (
    <form action={action} className="space-y-4" aria-label="Email preferences">
      <p className="text-sm text-slate-600">
        Each document with notifications on sends you at most one email every {digestMinutes} {digestMinutes === 1 ? "minute" : "minutes"}:
        who read it and how far. A new reader always brings one; also email me about:
      </p>
      <Toggle name="new_leads" label="New leads" hint="A reader leaves their email at the gate" defaultChecked={preferences.new_leads} />
      <Toggle
        name="completed_reads"
        label="Completed reads"
        hint="A reader reaches the last page"
        defaultChecked={preferences.completed_reads}
      />
      <SaveFooter error={state?.error} pending={pending} saved={state?.saved}>
        Save preferences
      </SaveFooter>
    </form>
  );
}
