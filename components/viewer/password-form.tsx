"use client";

import { useUnlockForm } from "./use-unlock-form";

/** Asked before anything else when the owner set a password. */
export function PasswordForm({ code, title }: { code: string; title: string }) {
  const { submit, error, pending } = useUnlockForm(`/s/${code}/password`, ["password"], "Could not check the password. Check your connection and try again.");

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <form onSubmit={submit} className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="password-title">
        <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">Protected document</p>
        <h1 id="password-title" className="mt-1 text-lg font-semibold text-slate-900">
          {title}
        </h1>
        <p className="mt-1 text-sm text-slate-600">Enter the password you were given to open it.</p>
        <label htmlFor="password" className="mt-5 block text-sm font-medium text-slate-700">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          required
          autoFocus
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "password-error" : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 shadow-sm focus:border-brand-500 focus:ring-brand-500"
        />
        {error && (
          <p id="password-error" role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={pending}
          className="mt-5 w-full rounded-md bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
        >
          {pending ? "Checking…" : "Open document"}
        </button>
      </form>
    </main>
  );
}
