"use client";

import { useActionState } from "react";
import { DigestScopeChoice } from "@/components/dashboard/digest-scope-choice";
import { type PreferencesState, savePreferencesAction } from "@/lib/http/actions/notification-actions";
import type { TeamRole } from "@/lib/teams/permissions";
import type { NotificationPreferences } from "@/lib/users/notification-preferences";
import { Toggle } from "@/components/ui/toggle";
import { SaveFooter } from "@/components/ui/submit-button";

export function NotificationPreferencesForm({
  preferences,
  digestMinutes,
  teamName,
  role,
}: {
  preferences: NotificationPreferences;
  digestMinutes: number;
  teamName: string;
  role: TeamRole;
}) {
  const [state, action, pending] = useActionState<PreferencesState, FormData>(savePreferencesAction, undefined);
  return (
    <form action={action} className="space-y-5" aria-label="Email preferences">
      <p className="text-sm text-slate-600">
        Your own choices in <strong className="font-medium text-slate-900">{teamName}</strong>; every member makes theirs, and your other
        teams keep their own. A document with notifications on sends each member who gets its digests at most one email every{" "}
        {digestMinutes} {digestMinutes === 1 ? "minute" : "minutes"}: who read it and how far.
      </p>
      <DigestScopeChoice value={preferences.digests} />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">A new reader always brings a digest; also email me about</legend>
        <Toggle name="new_leads" label="New leads" hint="A reader leaves their email at the gate" defaultChecked={preferences.new_leads} />
        <Toggle
          name="completed_reads"
          label="Completed reads"
          hint="A reader reaches the last page"
          defaultChecked={preferences.completed_reads}
        />
      </fieldset>
      <TeamAlerts role={role} on={preferences.team_alerts} />
      <SaveFooter error={state?.error ?? state?.fieldErrors?.digests} pending={pending} saved={state?.saved}>
        Save preferences
      </SaveFooter>
    </form>
  );
}

/** Only those who can fix the team's webhook hear that it was disabled: the owner always, admins by choice. */
function TeamAlerts({ role, on }: { role: TeamRole; on: boolean }) {
  if (role === "admin") {
    return (
      <Toggle
        name="team_alerts"
        label="Webhook problems"
        hint="The team's webhook was disabled: deliveries kept failing, or whoever set its address left"
        defaultChecked={on}
      />
    );
  }
  return (
    <p className="text-sm text-slate-600">
      {role === "owner"
        ? "As the owner, you are always told when the team's webhook is disabled."
        : "The owner and the admins are told when the team's webhook is disabled."}
    </p>
  );
}
