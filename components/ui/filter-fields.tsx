import { Button } from "./button";
import { inputClass } from "./field";
import { QueryForm } from "./query-form";

const labelClass = "mb-1 block text-sm font-medium text-slate-700";

/** A list page's filters: a search form over its URL, its fields side by side (stacked on a phone), applied by a button. */
export function FilterBar({
  action,
  label,
  className = "mb-4",
  children,
}: {
  action: string;
  /** What the form filters, for screen readers: "Filter the questions". */
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <QueryForm action={action} className={`flex flex-wrap items-end gap-3 print:hidden ${className}`} role="search" aria-label={label}>
      {children}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </QueryForm>
  );
}

/** One choice among `choices` ([value, words]), or every one (the blank value, named by `every`). */
export function FilterSelect({
  id,
  name,
  label,
  value,
  every,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  every?: string;
  choices: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <div className="w-full sm:w-auto">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        {every !== undefined && <option value="">{every}</option>}
        {choices.map(([key, words]) => (
          <option key={key} value={key}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter typed in (a search, an email, a code) or picked as a date. */
export function FilterInput({
  id,
  name,
  label,
  value,
  type = "text",
  placeholder,
  hint,
  width = "w-full sm:w-auto",
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  type?: "text" | "search" | "email" | "date";
  placeholder?: string;
  /** Read to screen readers after the label: what to type, when the label alone does not say. */
  hint?: string;
  width?: string;
}) {
  return (
    <div className={type === "date" ? undefined : width}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={inputClass}
      />
      {hint && (
        <span id={`${id}-hint`} className="sr-only">
          {hint}
        </span>
      )}
    </div>
  );
}
