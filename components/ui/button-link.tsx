import Link from "next/link";
import { buttonClass, type ButtonVariant } from "./button";

/**
 * A link that looks like a button, for moves within the app. Its own module: next/link is a client
 * component, and a page whose modules reach it ships its script, the public viewer's included.
 */
export function ButtonLink({
  variant = "primary",
  size = "md",
  className = "",
  ...props
}: React.ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: "sm" | "md" }) {
  return <Link {...props} className={`${buttonClass(variant, size)} ${className}`} />;
}
