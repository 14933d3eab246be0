import { FilterBar, FilterInput, FilterSelect } from "@/components/ui/filter-fields";
import { ROOM_ACTIVITY_KINDS } from "@/lib/schemas/room-analytics";
import { ACTIVITY_KIND_LABELS } from "./room-activity-table";

/** The activity record's filters (kind, link, group, reader's email, dates), filled from the URL; blank ones stay out of it. */
export function RoomActivityFilters({
  action,
  values,
  links,
  groups,
}: {
  action: string;
  values: Record<string, string>;
  links: Array<[string, string]>;
  /** The room's groups as [id, name]; no group filter when it has none. */
  groups: Array<[string, string]>;
}) {
  return (
    <FilterBar action={action} label="Filter the activity">
      <FilterSelect
        id="activity-kind"
        name="kind"
        label="Event"
        value={values.kind}
        every="Every event"
        choices={ROOM_ACTIVITY_KINDS.map((kind) => [kind, ACTIVITY_KIND_LABELS[kind]])}
      />
      <FilterSelect id="activity-link" name="link" label="Link" value={values.link} every="Every link" choices={links} />
      {groups.length > 0 && (
        <FilterSelect id="activity-group" name="group_id" label="Group" value={values.group_id} every="Every group" choices={groups} />
      )}
      <FilterInput id="activity-email" name="email" label="Reader’s email" type="email" value={values.email} />
      <FilterInput id="activity-since" name="since" label="From" type="date" value={values.since} />
      <FilterInput id="activity-until" name="until" label="To" type="date" value={values.until} />
    </FilterBar>
  );
}
