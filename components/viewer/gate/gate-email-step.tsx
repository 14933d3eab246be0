import { Input } from "../../ui/field";
import { ReaderField } from "./reader-field";
import { type GateHeading, GateStepForm } from "./gate-step-form";
import { SubmitButton } from "../../ui/submit-button";

/** The gate's first step: email (required) and name (optional), filled again when the reader comes back to it. */
export function GateEmailStep({
  heading,
  purpose,
  blockFreeEmails,
  reader,
  error,
  pending,
  onSubmit,
}: {
  heading: GateHeading;
  /** What passing the gate lets the reader do, e.g. "read the rest". */
  purpose: string;
  blockFreeEmails: boolean;
  reader: { email: string; name: string } | null;
  error: string | null;
  pending: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <GateStepForm heading={heading} onSubmit={onSubmit}>
      <p className="mt-1 text-sm text-slate-600">
        Enter your email to {purpose}.{blockFreeEmails && " Please use your work email."}
      </p>
      <ReaderField
        id="gate-email"
        label="Email"
        error={error}
        errorId="gate-error"
        name="email"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder="you@company.com"
        defaultValue={reader?.email}
      />
      <label htmlFor="gate-name" className="mt-4 block text-sm font-medium text-slate-700">
        Name <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <Input id="gate-name" name="name" type="text" autoComplete="name" maxLength={100} defaultValue={reader?.name} className="mt-1" />
      <SubmitButton pending={pending} pendingLabel="Unlocking…" className="mt-5 w-full">
        Continue
      </SubmitButton>
    </GateStepForm>
  );
}
