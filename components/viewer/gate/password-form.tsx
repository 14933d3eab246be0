"use client";

import { PagewiseMark, TeamLogo } from "../viewer-brand";
import { ReaderField } from "./reader-field";
import { useUnlockForm } from "./use-unlock-form";
import { SubmitButton } from "../../ui/submit-button";

/** Asked before anything else when the owner set a password. */
export function PasswordForm({ code, title, subject = "document" }: { code: string; title: string; subject?: "document" | "room" }) {
  const { submit, error, pending } = useUnlockForm(
    `/s/${code}/password`,
    ["password"],
    "Could not check the password. Check your connection and try again.",
  );

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <form
        onSubmit={submit}
        className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        aria-labelledby="password-title"
      >
        <TeamLogo />
        <p className="text-xs font-semibold tracking-wide text-brand-ink uppercase">Protected {subject}</p>
        <h1 id="password-title" className="mt-1 text-lg font-semibold text-slate-900">
          {title}
        </h1>
        <p className="mt-1 text-sm text-slate-600">Enter the password you were given to open it.</p>
        <ReaderField
          id="password"
          label="Password"
          error={error}
          errorId="password-error"
          name="password"
          type="password"
          required
          autoFocus
          autoComplete="current-password"
        />
        <SubmitButton pending={pending} pendingLabel="Checking…" className="mt-5 w-full">
          Open {subject}
        </SubmitButton>
        <PagewiseMark className="mt-5 text-center" />
      </form>
    </main>
  );
}
