"use client";

import { useState } from "react";
import { Button } from "./button";

export function CopyButton({
  value,
  label = "Copy",
  size = "sm",
  "aria-describedby": describedBy,
}: {
  value: string;
  label?: string;
  size?: "sm" | "md";
  /** Where many rows each have one: the element that says whose it is (the row's title). */
  "aria-describedby"?: string;
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
      aria-describedby={describedBy}
    >
      {copied ? "Copied" : label}
    </Button>
  );
}
