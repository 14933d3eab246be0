import { useId } from "react";

/**
 * One of the viewer toolbar's square icon buttons, named by its label (also its tooltip). It is
 * disabled without an action, so the server-rendered toolbar shows its controls before they work.
 */
export function ToolbarButton({
  label,
  onClick,
  disabled,
  pressed,
  reason,
  children,
}: {
  label: string;
  onClick?: () => void;
  disabled: boolean;
  pressed?: boolean;
  /** Why the button is disabled, when a reader would wonder. */
  reason?: string;
  children: React.ReactNode;
}) {
  const reasonId = useId();
  const button = (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-describedby={disabled && reason ? reasonId : undefined}
      title={label}
      onClick={onClick}
      disabled={disabled || !onClick}
      className="flex h-9 w-9 items-center justify-center rounded-md text-lg text-slate-700 hover:bg-slate-100 disabled:opacity-40 aria-pressed:bg-slate-200"
    >
      {children}
    </button>
  );
  if (!disabled || !reason) return button;
  // A disabled button gets no pointer events, so its wrapper carries the hover text.
  return (
    <span title={reason} data-testid="disabled-reason">
      {button}
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </span>
  );
}
