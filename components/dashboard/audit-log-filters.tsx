import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { QueryForm } from "@/components/ui/query-form";
import { AUDIT_TARGET_TYPES } from "@/lib/schemas/audit";

const KINDS: Record<(typeof AUDIT_TARGET_TYPES)[number], string> = {
  document: "Documents",
  link: "Links",
  room: "Rooms",
  api_key: "API keys",
  webhook: "Webhook",
  member: "Members",
  invitation: "Invitations",
  team: "Team settings",
  notification_preferences: "Notification preferences",
};

/** The audit log's filters (kind of change, member, dates), filled from the URL; blank ones stay out of it. */
export function AuditLogFilters({ values, members }: { values: Record<string, string>; members: Array<{ id: string; label: string }> }) {
  return (
    <QueryForm action="/settings/audit-log" className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Filter the audit log">
      <div className="w-full sm:w-auto">
        <label htmlFor="audit-action" className="mb-1 block text-sm font-medium text-slate-700">
          Change
        </label>
        <select id="audit-action" name="action" defaultValue={values.action ?? ""} className={inputClass}>
          <option value="">Every change</option>
          {AUDIT_TARGET_TYPES.map((kind) => (
            <option key={kind} value={kind}>
              {KINDS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full sm:w-auto">
        <label htmlFor="audit-actor" className="mb-1 block text-sm font-medium text-slate-700">
          Member
        </label>
        <select id="audit-actor" name="actor" defaultValue={values.actor ?? ""} className={inputClass}>
          <option value="">Anyone</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-since" className="mb-1 block text-sm font-medium text-slate-700">
          From
        </label>
        <input id="audit-since" name="since" type="date" defaultValue={values.since} className={inputClass} />
      </div>
      <div>
        <label htmlFor="audit-until" className="mb-1 block text-sm font-medium text-slate-700">
          To
        </label>
        <input id="audit-until" name="until" type="date" defaultValue={values.until} className={inputClass} />
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </QueryForm>
  );
}
