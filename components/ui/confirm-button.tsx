"use client";

import { Button, type ButtonVariant } from "./button";
import { Dialog, DialogDescription, DialogTitle, useDialog } from "./dialog";

/**
 * A button that asks first, in a modal `Dialog`: Escape or Cancel closes it without acting. `onConfirm` runs only on confirm.
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
  const { control, openerProps, close } = useDialog();
  return (
    <>
      <Button {...openerProps} variant={variant} size={size} className={className} disabled={pending} aria-label={ariaLabel}>
        {children}
      </Button>
      <Dialog control={control} role="alertdialog" width="md">
        <div className="p-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close} autoFocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={pending}
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
