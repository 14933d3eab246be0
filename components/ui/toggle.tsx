/** A checkbox with its label and an optional hint beneath; checked it submits "true". */
export function Toggle({
  name,
  label,
  hint,
  defaultChecked,
  disabled = false,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked: boolean;
  disabled?: boolean;
}) {
  return (
    <label className={`flex items-start gap-3 rounded-md p-1 ${disabled ? "cursor-not-allowed opacity-75" : "cursor-pointer"}`}>
      <input
        type="checkbox"
        name={name}
        value="true"
        defaultChecked={defaultChecked}
        disabled={disabled}
        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 accent-brand-600"
      />
      <span>
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}
