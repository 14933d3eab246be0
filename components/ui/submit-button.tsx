import { Button } from "./button";
import { FormError } from "./field";
import { useHydrated } from "./use-hydrated";

/**
 * A form's submit button: disabled until the page can send the form (useHydrated), and while it is
 * being sent, saying what it is doing meanwhile.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  ...button
}: { pending: boolean; pendingLabel: string } & Omit<React.ComponentProps<typeof Button>, "type" | "disabled">) {
  const hydrated = useHydrated();
  return (
    <Button {...button} type="submit" disabled={pending || !hydrated}>
      {pending ? pendingLabel : button.children}
    </Button>
  );
}

/** A settings form's save button, then "Saved." announced once the server has kept the change. */
export function SaveButton({ pending, saved, children }: { pending: boolean; saved: boolean | undefined; children: string }) {
  return (
    <>
      <SubmitButton pending={pending} pendingLabel="Saving…">
        {children}
      </SubmitButton>
      {saved && (
        <p role="status" className="text-sm text-emerald-700">
          Saved.
        </p>
      )}
    </>
  );
}

/** How a settings form ends: its refusal, if any, then the save button and its "Saved.". */
export function SaveFooter({ error, ...save }: { error: string | undefined } & React.ComponentProps<typeof SaveButton>) {
  return (
    <>
      <FormError message={error} />
      <div className="flex items-center gap-3">
        <SaveButton {...save} />
      </div>
    </>
  );
}
