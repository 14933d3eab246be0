"use client";

import { useState } from "react";
import { Button } from "./button";

export function CopyButton({
  value,
  label = "Copy",
  size = "sm",
  "aria-label": ariaLabel,
}: {
  value: string;
  label?: string;
  size?: "sm" | "md";
  /** Where many rows each have one: says whose it is ("Copy the link to Q3 deck"). */
  "aria-label"?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size={size}
      onClick={async () => {
        await navigator.clipboard.writeText(value).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      aria-live="polite"
      aria-label={copied ? undefined : ariaLabel}
    >
      {copied ? "Copied" : label}
    </Button>
  );
}
