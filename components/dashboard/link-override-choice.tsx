import { Field } from "@/components/ui/field";
import { type Options, Select } from "@/components/ui/select";
import type { LinkOverrides } from "@/lib/links/shared-document";

/** How an optional override shows in its select: absent follows the document. */
export const tri = (value: boolean | undefined) => (value === undefined ? "document" : value ? "on" : "off");

export const onOff = (on: string, off: string, follows: Follows = "document"): Options => [
  ["document", `Follow the ${follows}`],
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

/** What a link's settings follow unless it overrides them: its document's, or its room's. */
export type Follows = "document" | "room";

export type FieldsProps = { id: string; overrides: LinkOverrides; errors: Record<string, string>; follows?: Follows };
