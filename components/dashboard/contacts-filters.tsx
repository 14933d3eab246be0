import { FilterBar, FilterInput, FilterSelect } from "@/components/ui/filter-fields";
import type { ContactSort } from "@/lib/schemas/contacts";

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
    <FilterBar action="/contacts" label="Filter the contacts">
      <FilterInput
        id="contacts-search"
        name="search"
        label="Search"
        type="search"
        placeholder="Email or name"
        value={values.search}
        width="w-full sm:w-64"
      />
      <FilterSelect
        id="contacts-company"
        name="company"
        label="Company"
        value={values.company}
        every="Every company"
        choices={companies.map((company) => [company.domain, `${company.domain} (${company.people})`])}
      />
      {/* Last active is the order when none is named, so it stays out of the URL. */}
      <FilterSelect
        id="contacts-sort"
        name="sort"
        label="Sort by"
        value={values.sort}
        choices={Object.entries(SORT_LABELS).map(([key, label]) => [key === "last_active" ? "" : key, label])}
      />
    </FilterBar>
  );
}
