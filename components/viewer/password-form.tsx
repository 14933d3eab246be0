"use client";

import { Button } from "../ui/button";
import { PagewiseMark, TeamLogo } from "./viewer-brand";
import { FormError, Input } from "../ui/field";
import { useUnlockForm } from "./use-unlock-form";

/** Asked before anything else when the owner set a password. */
export function PasswordForm({ code, title }: { code: string; title: string }) {
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
        <p className="text-xs font-semibold tracking-wide text-brand-ink uppercase">Protected document</p>
        <h1 id="password-title" className="mt-1 text-lg font-semibold text-slate-900">
          {title}
        </h1>
        <p className="mt-1 text-sm text-slate-600">Enter the password you were given to open it.</p>
        <label htmlFor="password" className="mt-5 block text-sm font-medium text-slate-700">
          Password
        </label>
        <Input
          id="password"
          name="password"
          type="password"
          required
          autoFocus
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "password-error" : undefined}
          className="mt-1"
        />
        {error && (
          <div className="mt-2">
            <FormError id="password-error" message={error} />
          </div>
        )}
        <Button type="submit" disabled={pending} className="mt-5 w-full">
          {pending ? "Checking…" : "Open document"}
        </Button>
        <PagewiseMark className="mt-5 text-center" />
      </form>
    </main>
  );
}
