import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { QueryForm } from "@/components/ui/query-form";
import type { ContactSort } from "@/lib/schemas/contacts";

const field = "mb-1 block text-sm font-medium text-slate-700";

export const SORT_LABELS: Record<ContactSort, string> = {
  last_active: "Last active",
  total_time: "Total time",
  engagement: "Engagement",
};

/** The Contacts page's search, company and sort, filled from the URL; blank ones stay out of it. */
export function ContactsFilters({
  values,
  companies,
}: {
  values: Record<string, string>;
  companies: Array<{ domain: string; people: number }>;
}) {
  return (
    <QueryForm
      action="/contacts"
      className="mb-4 flex flex-wrap items-end gap-3 print:hidden"
      role="search"
      aria-label="Filter the contacts"
    >
      <div className="w-full sm:w-64">
        <label htmlFor="contacts-search" className={field}>
          Search
        </label>
        <input
          id="contacts-search"
          name="search"
          type="search"
          placeholder="Email or name"
          defaultValue={values.search}
          className={inputClass}
        />
      </div>
      <div className="w-full sm:w-auto">
        <label htmlFor="contacts-company" className={field}>
          Company
        </label>
        <select id="contacts-company" name="company" defaultValue={values.company ?? ""} className={inputClass}>
          <option value="">Every company</option>
          {companies.map((c) => (
            <option key={c.domain} value={c.domain}>
              {c.domain} ({c.people})
            </option>
          ))}
        </select>
      </div>
      <div className="w-full sm:w-auto">
        <label htmlFor="contacts-sort" className={field}>
          Sort by
        </label>
        <select id="contacts-sort" name="sort" defaultValue={values.sort ?? ""} className={inputClass}>
          {Object.entries(SORT_LABELS).map(([key, label]) => (
            <option key={key} value={key === "last_active" ? "" : key}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </QueryForm>
  );
}
