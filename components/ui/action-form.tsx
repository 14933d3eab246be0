"use client";

import { startTransition, useEffect, useRef } from "react";

/**
 * A form driven by a `useActionState` dispatch. It submits without React's automatic form reset,
 * so what was typed stays after the server refuses it, and it moves focus to the first field the
 * answer marked invalid (`aria-invalid="true"`) each time an answer arrives.
 */
export function ActionForm<State>({
  dispatch,
  state,
  ...props
}: Omit<React.FormHTMLAttributes<HTMLFormElement>, "action" | "onSubmit"> & {
  dispatch: (form: FormData) => void;
  state: State;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state]);
  return (
    <form
      ref={form}
      noValidate
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(() => dispatch(data));
      }}
    />
  );
}
