import { Field, TextField } from "@/components/ui/field";
import { LocalDateTimeInput } from "@/components/ui/local-date-time-input";
import type { Options } from "@/components/ui/select";
import { ChoiceField, type FieldsProps, onOff, tri } from "./link-override-choice";

/** The link's name and its main rules: expiry, email gate, downloads and password. */
export function LinkMainFields({
  id,
  name,
  overrides: o,
  errors,
  editing,
  follows = "document",
}: FieldsProps & { name: string; editing: boolean }) {
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
        <ChoiceField
          id={`${id}-expiry`}
          label="Expiry"
          name="expiry"
          defaultValue={!("expires_at" in o) ? "document" : o.expires_at ? "at" : "never"}
          options={[
            ["document", `Follow the ${follows}`],
            ["never", "Never expires"],
            ["at", "Expires at"],
          ]}
        />
        <Field id={`${id}-expires-at`} label="Expiry date and time (your local time)" error={errors.expires_at}>
          {(control) => <LocalDateTimeInput control={control} name="expires_at" defaultValue={o.expires_at ?? null} />}
        </Field>
        <ChoiceField
          id={`${id}-email-gate`}
          label="Email gate"
          name="email_gate"
          defaultValue={tri(o.email_gate)}
          options={onOff("Ask for an email", "No email gate", follows)}
        />
        <ChoiceField
          id={`${id}-download`}
          label="Downloads"
          name="allow_download"
          defaultValue={tri(o.allow_download)}
          options={onOff("Allowed", "Not allowed", follows)}
        />
        <ChoiceField
          id={`${id}-password-mode`}
          label="Password"
          name="password_mode"
          defaultValue={"password" in o ? "keep" : "document"}
          options={[
            ["document", `Follow the ${follows}`],
            ["none", "No password"],
            ...(editing && "password" in o ? ([["keep", "Keep this link's setting"]] as Options) : []),
            ["set", "Set a new password"],
          ]}
        />
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
