import { Field, inputClass } from "@/components/ui/field";
import type { LinkOverrides } from "@/lib/links/shared-document";

export type Options = Array<[string, string]>;

/** How an optional override shows in its select: absent follows the document. */
export const tri = (value: boolean | undefined) => (value === undefined ? "document" : value ? "on" : "off");

export const onOff = (on: string, off: string): Options => [
  ["document", "Follow the document"],
  ["on", on],
  ["off", off],
];

export function Choice({
  name,
  defaultValue,
  options,
  control,
}: {
  name: string;
  defaultValue: string;
  options: Options;
  control: object;
}) {
  return (
    <select {...control} name={name} defaultValue={defaultValue} className={inputClass}>
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** A labelled `Choice`: how every override of the link form is asked. */
export function ChoiceField({
  id,
  label,
  hint,
  ...choice
}: { id: string; label: string; hint?: string } & Omit<React.ComponentProps<typeof Choice>, "control">) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(control) => <Choice control={control} {...choice} />}
    </Field>
  );
}

export type FieldsProps = { id: string; overrides: LinkOverrides; errors: Record<string, string> };
