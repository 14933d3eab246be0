import { SolidIcon } from "./icons";

/** What a field's control needs so its label, hint and error reach screen readers. */
export type FieldControl = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * A labelled form control with its hint and error. Pass a function as children to receive the
 * control's id, `aria-invalid` and `aria-describedby`, so the error is tied to its input.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string | null;
  children: React.ReactNode | ((control: FieldControl) => React.ReactNode);
}) {
  const control: FieldControl = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{typeof children === "function" ? children(control) : children}</div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

/** An error under its input (or group of inputs): the id is what the input's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="mt-1 flex items-start gap-1.5 text-sm text-red-700">
      <SolidIcon name="alert" className="mt-0.5" />
      {message}
    </p>
  );
}

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-red-600 aria-[invalid=true]:bg-red-50 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500";

export function Input(props: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={`${inputClass} ${props.className ?? ""}`} />;
}

/**
 * A labelled text input with its hint and error, tied together for screen readers: the usual
 * `Field` around an `Input`. Every other prop goes to the input.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: React.ReactNode; hint?: React.ReactNode; error?: string | null } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "id"
>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

/** A form's last answer as `useActionState` holds it: each field's problem, and what was sent (never a password). */
type FormAnswer = { fieldErrors?: Partial<Record<string, string>>; values?: Record<string, string> } | undefined;

/** Ties a field to its form's last answer by name: its problem, and what the person typed before it was refused. */
export function fromAnswer(answer: FormAnswer, name: string) {
  return { name, error: answer?.fieldErrors?.[name], defaultValue: answer?.values?.[name] };
}

export function FormError({ message, id }: { message?: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
