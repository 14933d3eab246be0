import { Field, inputClass, TextField } from "@/components/ui/field";
import { LocalDateTimeInput } from "@/components/ui/local-date-time-input";
import type { LinkOverrides } from "@/lib/links/shared-document";
import { NO_MAIL_HINT, useMailConfigured } from "./mail-context";

type Options = Array<[string, string]>;

/** How an optional override shows in its select: absent follows the document. */
const tri = (value: boolean | undefined) => (value === undefined ? "document" : value ? "on" : "off");

const onOff = (on: string, off: string): Options => [
  ["document", "Follow the document"],
  ["on", on],
  ["off", off],
];

function Choice({ name, defaultValue, options, control }: { name: string; defaultValue: string; options: Options; control: object }) {
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

type FieldsProps = { id: string; overrides: LinkOverrides; errors: Record<string, string> };

/** The link's name and its main rules: expiry, email gate, downloads and password. */
export function LinkMainFields({ id, name, overrides: o, errors, editing }: FieldsProps & { name: string; editing: boolean }) {
  return (
    <>
      <TextField
        id={`${id}-name`}
        label="Name"
        hint="Who the link is for, e.g. “Sequoia — Jane”"
        error={errors.name}
        name="name"
        defaultValue={name}
        maxLength={100}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-expiry`} label="Expiry">
          {(control) => (
            <Choice
              control={control}
              name="expiry"
              defaultValue={!("expires_at" in o) ? "document" : o.expires_at ? "at" : "never"}
              options={[
                ["document", "Follow the document"],
                ["never", "Never expires"],
                ["at", "Expires at"],
              ]}
            />
          )}
        </Field>
        <Field id={`${id}-expires-at`} label="Expiry date and time (your local time)" error={errors.expires_at}>
          {(control) => <LocalDateTimeInput control={control} name="expires_at" defaultValue={o.expires_at ?? null} />}
        </Field>
        <Field id={`${id}-email-gate`} label="Email gate">
          {(control) => (
            <Choice
              control={control}
              name="email_gate"
              defaultValue={tri(o.email_gate)}
              options={onOff("Ask for an email", "No email gate")}
            />
          )}
        </Field>
        <Field id={`${id}-download`} label="Downloads">
          {(control) => (
            <Choice
              control={control}
              name="allow_download"
              defaultValue={tri(o.allow_download)}
              options={onOff("Allowed", "Not allowed")}
            />
          )}
        </Field>
        <Field id={`${id}-password-mode`} label="Password">
          {(control) => (
            <Choice
              control={control}
              name="password_mode"
              defaultValue={"password" in o ? "keep" : "document"}
              options={[
                ["document", "Follow the document"],
                ["none", "No password"],
                ...(editing && "password" in o ? ([["keep", "Keep this link's setting"]] as Options) : []),
                ["set", "Set a new password"],
              ]}
            />
          )}
        </Field>
        <TextField
          id={`${id}-password`}
          label="New password"
          hint="With “Set a new password”: 8 to 128 characters"
          error={errors.password}
          type="password"
          name="password"
          autoComplete="new-password"
          maxLength={128}
        />
      </div>
    </>
  );
}

/** The rules most links leave to the document, folded away unless one of them was refused. */
export function LinkMoreRules({ id, overrides: o, errors }: FieldsProps) {
  const mail = useMailConfigured();
  return (
    <details
      className="rounded-md border border-slate-200 px-3 py-2"
      open={["allow", "block", "watermark", "agreement"].some((k) => errors[k])}
    >
      <summary className="cursor-pointer text-sm font-medium text-slate-800">More rules</summary>
      <div className="mt-3 space-y-4">
        <Field id={`${id}-verify`} label="Verify emails with a code" hint={mail ? undefined : NO_MAIL_HINT}>
          {(control) => (
            <Choice
              control={control}
              name="verify_email"
              defaultValue={tri(o.verify_email)}
              // Without an email server only "on" is out of reach: a link already verifying can still be turned off.
              options={onOff("Verify", "Do not verify").filter(([value]) => mail || value !== "on" || o.verify_email === true)}
            />
          )}
        </Field>
        <Field
          id={`${id}-allow`}
          label="Allow only"
          hint="Emails or domains, one per line; empty follows the document"
          error={errors.allow}
        >
          {(control) => <textarea {...control} name="allow" rows={2} defaultValue={(o.allow ?? []).join("\n")} className={inputClass} />}
        </Field>
        <Field id={`${id}-block`} label="Block" hint="Emails or domains, one per line; empty follows the document" error={errors.block}>
          {(control) => <textarea {...control} name="block" rows={2} defaultValue={(o.block ?? []).join("\n")} className={inputClass} />}
        </Field>
        <TextField
          id={`${id}-watermark`}
          label="Watermark"
          hint="{email}, {date} and {ip} are filled in; empty follows the document"
          error={errors.watermark}
          name="watermark"
          defaultValue={o.watermark ?? ""}
          maxLength={200}
        />
        <Field
          id={`${id}-agreement`}
          label="Agreement"
          hint="Text or an https:// link readers accept first; empty follows the document"
          error={errors.agreement}
        >
          {(control) => <textarea {...control} name="agreement" rows={3} defaultValue={o.agreement ?? ""} className={inputClass} />}
        </Field>
      </div>
    </details>
  );
}
