"use client";

import { Button } from "../ui/button";
import { FormError, Input } from "../ui/field";
import { useUnlockForm } from "./use-unlock-form";
import type { ReaderGate } from "./viewer-props";

/** The email gate: email (required) and name (optional); passing it unlocks the rest of the document. */
export function GateForm({
  code,
  title,
  pageCount,
  gate,
  standalone = false,
}: {
  code: string;
  title: string;
  pageCount: number;
  gate: ReaderGate;
  standalone?: boolean;
}) {
  const { submit, error, pending } = useUnlockForm(
    `/s/${code}/gate`,
    ["email", "name"],
    "Could not unlock the document. Check your connection and try again.",
  );

  const remaining = pageCount - gate.page + 1;
  return (
    <form
      onSubmit={submit}
      data-testid="email-gate"
      aria-labelledby="gate-title"
      className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-md"
    >
      <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">
        {standalone ? "Shared document" : `Page ${gate.page} of ${pageCount}`}
      </p>
      <h2 id="gate-title" className="mt-1 text-lg font-semibold text-slate-900">
        {standalone ? title : `Continue reading: ${remaining} more page${remaining === 1 ? "" : "s"}`}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Enter your email to {standalone ? "open this document" : "read the rest"}.{gate.blockFreeEmails && " Please use your work email."}
      </p>
      <label htmlFor="gate-email" className="mt-5 block text-sm font-medium text-slate-700">
        Email
      </label>
      <Input
        id="gate-email"
        name="email"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder="you@company.com"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "gate-error" : undefined}
        className="mt-1"
      />
      <label htmlFor="gate-name" className="mt-4 block text-sm font-medium text-slate-700">
        Name <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <Input id="gate-name" name="name" type="text" autoComplete="name" maxLength={100} className="mt-1" />
      {error && (
        <div className="mt-3">
          <FormError id="gate-error" message={error} />
        </div>
      )}
      <Button type="submit" disabled={pending} className="mt-5 w-full">
        {pending ? "Unlocking…" : "Continue"}
      </Button>
    </form>
  );
}
