import { FormError, Input } from "../../ui/field";

/**
 * The one input of a reader's form (the gate's email, the password) with the form's error under
 * it, tied to it for screen readers. Every other prop goes to the input.
 */
export function ReaderField({
  id,
  label,
  error,
  errorId,
  ...input
}: { id: string; label: string; error: string | null; errorId: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id} className="mt-5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <Input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} className="mt-1" />
      {error && (
        <div className="mt-2">
          <FormError id={errorId} message={error} />
        </div>
      )}
    </>
  );
}
