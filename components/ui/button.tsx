const variants = {
  primary: "bg-brand-600 text-brand-contrast shadow-sm hover:bg-brand-700 disabled:bg-brand-600/60",
  secondary: "border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-60",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:opacity-60",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:opacity-50",
} as const;

export type ButtonVariant = keyof typeof variants;

// Colours ease only into a hover: a button enabled as its page hydrates (SubmitButton) or as its form's answer arrives
// shows its full colour at once, never a faded frame between.
export const buttonClass = (variant: ButtonVariant = "primary", size: "sm" | "md" = "md") =>
  `inline-flex items-center justify-center gap-2 rounded-md font-medium hover:transition-colors ${size === "sm" ? "px-2.5 py-1.5 text-sm" : "px-4 py-2 text-sm"} ${variants[variant]}`;

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  ...props
}: React.ComponentProps<"button"> & { variant?: ButtonVariant; size?: "sm" | "md" }) {
  return <button type="button" {...props} className={`${buttonClass(variant, size)} ${className}`} />;
}
