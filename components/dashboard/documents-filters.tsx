import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { QueryForm } from "@/components/ui/query-form";
import { type Options, Select } from "@/components/ui/select";
import { LEVELS } from "@/lib/rules/engagement";

const ENGAGEMENT: Options = [["", "Any engagement"], ...[...LEVELS].reverse().map((l): [string, string] => [l.key, l.label])];
const LEADS: Options = [
  ["", "With or without leads"],
  ["true", "With leads"],
  ["false", "Without leads"],
];
const SORTS: Options = [
  ["created_at", "Newest"],
  ["views", "Most viewed"],
  ["engagement", "Most engaged"],
  ["title", "Title A–Z"],
];

/** A filter the eye knows by its chosen option, named for screen readers by a hidden label; sent as `id`. */
function Filter({ id, label, value, options }: { id: string; label: string; value: string; options: Options }) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select id={id} name={id} defaultValue={value} options={options} />
    </div>
  );
}

/** The documents list's search, filters and sort, filled from the current query and applied as they change; blank ones stay out of the URL. */
export function DocumentsFilters({ values, sort }: { values: Record<string, string>; sort: string }) {
  return (
    <QueryForm action="/documents" live className="mb-4 flex flex-wrap items-end gap-3" role="search">
      <div className="min-w-48 flex-1">
        <label htmlFor="search" className="sr-only">
          Search titles and text
        </label>
        <input
          id="search"
          name="search"
          type="search"
          maxLength={200}
          defaultValue={values.search}
          placeholder="Search titles and text…"
          className={inputClass}
        />
      </div>
      <Filter id="engagement" label="Engagement" value={values.engagement ?? ""} options={ENGAGEMENT} />
      <Filter id="has_leads" label="Leads" value={values.has_leads ?? ""} options={LEADS} />
      <Filter id="sort" label="Sort by" value={sort} options={SORTS} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </QueryForm>
  );
}
