import { Field } from "@/components/ui/field";
import { type Options, Select } from "@/components/ui/select";
import type { LinkOverrides } from "@/lib/links/shared-document";

/** How an optional override shows in its select: absent follows the document. */
export const tri = (value: boolean | undefined) => (value === undefined ? "document" : value ? "on" : "off");

export const onOff = (on: string, off: string): Options => [
  ["document", "Follow the document"],
  ["on", on],
  ["off", off],
];

/** A labelled select: how every override of the link form is asked. */
export function ChoiceField({
  id,
  label,
  hint,
  ...choice
}: {
  id: string;
  label: string;
  hint?: string;
  name: string;
  defaultValue: string;
  options: Options;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(control) => <Select {...control} {...choice} />}
    </Field>
  );
}

export type FieldsProps = { id: string; overrides: LinkOverrides; errors: Record<string, string> };
