"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";

const MAX_BYTES = 1024 * 1024;
const ACCEPT = "image/png,image/jpeg,image/webp";

async function send(method: "POST" | "DELETE", body?: File): Promise<string | null> {
  try {
    const response = await fetch("/api/dashboard/team/logo", { method, body });
    if (response.ok) return null;
    const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return answer?.error?.message ?? "The logo could not be saved. Try again.";
  } catch {
    return "The logo could not be sent. Check your connection and try again.";
  }
}

/**
 * The team's logo: chosen, checked for size here (the server checks everything again), sent as the
 * request's body, and shown once the server has re-encoded it. Remove takes it off every link.
 */
export function BrandLogoUpload({ logoSrc }: { logoSrc: string | null }) {
  const id = useId();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const run = (method: "POST" | "DELETE", file?: File) =>
    start(async () => {
      const problem = await send(method, file);
      setError(problem);
      if (!problem) router.refresh();
    });

  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        Logo
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-16 w-48 items-center justify-center rounded-md border border-dashed border-slate-300 bg-white p-2">
          {logoSrc ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={logoSrc} alt="Your team's logo" data-testid="branding-logo-preview" className="max-h-12 max-w-full object-contain" />
          ) : (
            <span className="text-xs text-slate-500">No logo</span>
          )}
        </div>
        <label
          className={`cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600 ${pending ? "pointer-events-none opacity-60" : ""}`}
        >
          {pending ? "Saving…" : logoSrc ? "Replace logo" : "Upload logo"}
          <input
            type="file"
            accept={ACCEPT}
            className="sr-only"
            disabled={pending}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (!file) return;
              if (file.size > MAX_BYTES) return setError("The logo is larger than the 1 MB allowed. Choose a smaller image.");
              run("POST", file);
            }}
          />
        </label>
        {logoSrc && (
          <Button variant="secondary" size="sm" disabled={pending} onClick={() => run("DELETE")}>
            Remove logo
          </Button>
        )}
      </div>
      {error ? (
        <div role="alert">
          <FieldError id={`${id}-error`} message={error} />
        </div>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          PNG, JPEG or WebP up to 1 MB and 8,000 pixels a side (not SVG). Shown up to 512×128 pixels, on a white background.
        </p>
      )}
      <span role="status" className="sr-only">
        {pending ? "Saving the logo" : ""}
      </span>
    </div>
  );
}
