import { FilterBar, FilterInput, FilterSelect } from "@/components/ui/filter-fields";
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
    <FilterBar action="/settings/audit-log" label="Filter the audit log">
      <FilterSelect
        id="audit-action"
        name="action"
        label="Change"
        value={values.action}
        every="Every change"
        choices={AUDIT_TARGET_TYPES.map((kind) => [kind, KINDS[kind]])}
      />
      <FilterSelect
        id="audit-actor"
        name="actor"
        label="Member"
        value={values.actor}
        every="Anyone"
        choices={members.map((member) => [member.id, member.label])}
      />
      <FilterInput id="audit-since" name="since" label="From" type="date" value={values.since} />
      <FilterInput id="audit-until" name="until" label="To" type="date" value={values.until} />
    </FilterBar>
  );
}
