import { inputClass } from "./field";

/** A select's options as [value, label] pairs, in order. */
export type Options = Array<[string, string]>;

export function Select({ options, className = "", ...select }: { options: Options } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...select} className={`${inputClass} ${className}`.trim()}>
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
