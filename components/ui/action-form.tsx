"use client";

import { startTransition, useEffect, useRef, useState } from "react";
import { Button } from "./button";
import { Dialog, DialogDescription, DialogTitle, useDialog } from "./dialog";
import { pastInstantIn } from "./past-instant";

/**
 * A form driven by a `useActionState` dispatch. It submits without React's automatic form reset,
 * so what was typed stays after the server refuses it, and it moves focus to the first field the
 * answer marked invalid (`aria-invalid="true"`) each time an answer arrives. With `clearOnOk`, an
 * answer that says `ok` empties the form, for forms that send something new each time (an answer to
 * a question). A newly typed expiry that has already passed is asked about first.
 */
export function ActionForm<State>({
  dispatch,
  state,
  clearOnOk = false,
  ...props
}: Omit<React.FormHTMLAttributes<HTMLFormElement>, "action" | "onSubmit"> & {
  dispatch: (form: FormData) => void;
  state: State;
  clearOnOk?: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const ask = useDialog();
  const [held, setHeld] = useState<FormData | null>(null);
  useEffect(() => {
    if (clearOnOk && (state as { ok?: boolean } | undefined)?.ok) form.current?.reset();
    else if (state) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state, clearOnOk]);
  const send = (data: FormData) => startTransition(() => dispatch(data));
  return (
    <>
      <form
        ref={form}
        noValidate
        {...props}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          if (pastInstantIn(event.currentTarget) === null) return send(data);
          setHeld(data);
          ask.control.open();
        }}
      />
      <Dialog control={ask.control} role="alertdialog" width="md">
        <div className="p-6">
          <DialogTitle>This time has already passed</DialogTitle>
          <DialogDescription>Saved with an expiry in the past, the link refuses its readers at once. Save it anyway?</DialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={ask.close}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                ask.close();
                if (held) send(held);
              }}
            >
              Save anyway
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
