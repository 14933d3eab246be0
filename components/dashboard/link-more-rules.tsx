import { Field, inputClass, TextField } from "@/components/ui/field";
import { ChoiceField, type FieldsProps, onOff, tri } from "./link-override-choice";
import { NO_MAIL_HINT, useMailConfigured } from "./mail-context";

/** The rules most links leave to the document, folded away unless one of them was refused. */
export function LinkMoreRules({ id, overrides: o, errors, follows = "document" }: FieldsProps) {
  const mail = useMailConfigured();
  return (
    <details
      className="rounded-md border border-slate-200 px-3 py-2"
      open={["allow", "block", "watermark", "agreement"].some((k) => errors[k])}
    >
      <summary className="cursor-pointer text-sm font-medium text-slate-800">More rules</summary>
      <div className="mt-3 space-y-4">
        <ChoiceField
          id={`${id}-verify`}
          label="Verify emails with a code"
          hint={mail ? undefined : NO_MAIL_HINT}
          name="verify_email"
          defaultValue={tri(o.verify_email)}
          // Without an email server only "on" is out of reach: a link already verifying can still be turned off.
          options={onOff("Verify", "Do not verify", follows).filter(([value]) => mail || value !== "on" || o.verify_email === true)}
        />
        <Field
          id={`${id}-allow`}
          label="Allow only"
          hint={`Emails or domains, one per line; empty follows the ${follows}`}
          error={errors.allow}
        >
          {(control) => <textarea {...control} name="allow" rows={2} defaultValue={(o.allow ?? []).join("\n")} className={inputClass} />}
        </Field>
        <Field id={`${id}-block`} label="Block" hint={`Emails or domains, one per line; empty follows the ${follows}`} error={errors.block}>
          {(control) => <textarea {...control} name="block" rows={2} defaultValue={(o.block ?? []).join("\n")} className={inputClass} />}
        </Field>
        <TextField
          id={`${id}-watermark`}
          label="Watermark"
          hint={`{email}, {date} and {ip} are filled in; empty follows the ${follows}`}
          error={errors.watermark}
          name="watermark"
          defaultValue={o.watermark ?? ""}
          maxLength={200}
        />
        <Field
          id={`${id}-agreement`}
          label="Agreement"
          hint={`Text or an https:// link readers accept first; empty follows the ${follows}`}
          error={errors.agreement}
        >
          {(control) => <textarea {...control} name="agreement" rows={3} defaultValue={o.agreement ?? ""} className={inputClass} />}
        </Field>
      </div>
    </details>
  );
}
