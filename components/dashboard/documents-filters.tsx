import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { QueryForm } from "@/components/ui/query-form";
import { LEVELS } from "@/lib/rules/engagement";

/** The documents list's search, filters and sort, filled from the current query; blank ones stay out of the URL. */
export function DocumentsFilters({ values, sort }: { values: Record<string, string>; sort: string }) {
  return (
    <QueryForm action="/documents" className="mb-4 flex flex-wrap items-end gap-3" role="search">
      <div className="min-w-48 flex-1">
        <label htmlFor="search" className="sr-only">
          Search titles
        </label>
        <input id="search" name="search" type="search" defaultValue={values.search} placeholder="Search titles…" className={inputClass} />
      </div>
      <div>
        <label htmlFor="engagement" className="sr-only">
          Engagement
        </label>
        <select id="engagement" name="engagement" defaultValue={values.engagement ?? ""} className={inputClass}>
          <option value="">Any engagement</option>
          {[...LEVELS].reverse().map((l) => (
            <option key={l.key} value={l.key}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="has_leads" className="sr-only">
          Leads
        </label>
        <select id="has_leads" name="has_leads" defaultValue={values.has_leads ?? ""} className={inputClass}>
          <option value="">With or without leads</option>
          <option value="true">With leads</option>
          <option value="false">Without leads</option>
        </select>
      </div>
      <div>
        <label htmlFor="sort" className="sr-only">
          Sort by
        </label>
        <select id="sort" name="sort" defaultValue={sort} className={inputClass}>
          <option value="created_at">Newest</option>
          <option value="views">Most viewed</option>
          <option value="engagement">Most engaged</option>
          <option value="title">Title A–Z</option>
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </QueryForm>
  );
}
