"use client";

import { useEffect, useRef } from "react";
import { Button } from "../../ui/button";
import { FormError, inputClass } from "../../ui/field";
import { type GateHeading, GateStepForm } from "./gate-step-form";

/**
 * The gate's second step when the document verifies emails: the 6-digit code sent to the reader
 * (or, on a server that cannot send email, to the owner), with a new code or another email on offer.
 */
export function GateCodeStep({
  heading,
  purpose,
  sentTo,
  codesByEmail,
  error,
  notice,
  pending,
  onSubmit,
  onResend,
  onChangeEmail,
}: {
  heading: GateHeading;
  /** What passing the gate lets the reader do, e.g. "read the rest". */
  purpose: string;
  sentTo: string;
  codesByEmail: boolean;
  error: string | null;
  notice: string | null;
  pending: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  onResend: () => void;
  onChangeEmail: () => void;
}) {
  const codeInput = useRef<HTMLInputElement>(null);
  // The code step replaces the email step: the code field takes the focus it had.
  useEffect(() => {
    codeInput.current?.focus();
  }, []);

  return (
    <GateStepForm heading={heading} onSubmit={onSubmit}>
      {codesByEmail ? (
        <p className="mt-1 text-sm text-slate-600">
          We sent a 6-digit code to <strong className="font-medium break-words text-slate-900">{sentTo}</strong>. Enter it to {purpose}.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          This server cannot send email, so the 6-digit code for{" "}
          <strong className="font-medium break-words text-slate-900">{sentTo}</strong> went to the person who shared this document. Ask them
          for it, then enter it to {purpose}.
        </p>
      )}
      <label htmlFor="gate-code" className="mt-5 block text-sm font-medium text-slate-700">
        Code
      </label>
      <input
        ref={codeInput}
        id="gate-code"
        name="code"
        type="text"
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={6}
        placeholder="123456"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "gate-error" : notice ? "gate-notice" : undefined}
        className={`${inputClass} mt-1 font-mono tracking-[0.3em]`}
      />
      {error && (
        <div className="mt-3">
          <FormError id="gate-error" message={error} />
        </div>
      )}
      {notice && (
        <p id="gate-notice" role="status" className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {notice}
        </p>
      )}
      <Button type="submit" disabled={pending} className="mt-5 w-full">
        {pending ? "Checking…" : "Continue"}
      </Button>
      <div className="mt-3 flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" disabled={pending} onClick={onResend}>
          Send a new code
        </Button>
        <Button variant="ghost" size="sm" disabled={pending} onClick={onChangeEmail}>
          Use another email
        </Button>
      </div>
    </GateStepForm>
  );
}
