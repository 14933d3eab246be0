import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { QueryForm } from "@/components/ui/query-form";
import { ROOM_ACTIVITY_KINDS } from "@/lib/schemas/room-analytics";
import { ACTIVITY_KIND_LABELS } from "./room-activity-table";

const field = "mb-1 block text-sm font-medium text-slate-700";

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
    <QueryForm action={action} className="mb-4 flex flex-wrap items-end gap-3 print:hidden" role="search" aria-label="Filter the activity">
      <div className="w-full sm:w-auto">
        <label htmlFor="activity-kind" className={field}>
          Event
        </label>
        <select id="activity-kind" name="kind" defaultValue={values.kind ?? ""} className={inputClass}>
          <option value="">Every event</option>
          {ROOM_ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ACTIVITY_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <ChoiceFilter id="activity-link" name="link" label="Link" every="Every link" value={values.link} choices={links} />
      {groups.length > 0 && (
        <ChoiceFilter id="activity-group" name="group_id" label="Group" every="Every group" value={values.group_id} choices={groups} />
      )}
      <div className="w-full sm:w-auto">
        <label htmlFor="activity-email" className={field}>
          Reader’s email
        </label>
        <input id="activity-email" name="email" type="email" defaultValue={values.email} className={inputClass} />
      </div>
      <div>
        <label htmlFor="activity-since" className={field}>
          From
        </label>
        <input id="activity-since" name="since" type="date" defaultValue={values.since} className={inputClass} />
      </div>
      <div>
        <label htmlFor="activity-until" className={field}>
          To
        </label>
        <input id="activity-until" name="until" type="date" defaultValue={values.until} className={inputClass} />
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </QueryForm>
  );
}

function ChoiceFilter({
  id,
  name,
  label,
  every,
  value,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  every: string;
  value: string | undefined;
  choices: Array<[string, string]>;
}) {
  return (
    <div className="w-full sm:w-auto">
      <label htmlFor={id} className={field}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{every}</option>
        {choices.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
