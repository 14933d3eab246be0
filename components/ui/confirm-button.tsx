"use client";

import { useId, useRef } from "react";
import { Button, type ButtonVariant } from "./button";

/**
 * A button that asks first, in a native modal <dialog>: focus stays inside it, Escape or Cancel
 * closes it without acting, and focus goes back to the button. `onConfirm` runs only on confirm.
 */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  pendingLabel,
  variant = "secondary",
  size = "md",
  className,
  "aria-label": ariaLabel,
}: {
  children: React.ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  pendingLabel?: string;
  variant?: ButtonVariant;
  size?: "sm" | "md";
  className?: string;
  "aria-label"?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const id = useId();
  return (
    <>
      <Button
        ref={opener}
        variant={variant}
        size={size}
        className={className}
        disabled={pending}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        {children}
      </Button>
      <dialog
        ref={dialog}
        role="alertdialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onClose={() => opener.current?.focus()}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-0 text-left whitespace-normal shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p id={`${id}-text`} className="mt-2 text-sm text-slate-600">
            {description}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={pending}
              onClick={() => {
                dialog.current?.close();
                onConfirm();
              }}
            >
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
