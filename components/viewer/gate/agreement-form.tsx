"use client";

import { SubmitButton } from "../../ui/submit-button";
import { PagewiseMark, TeamLogo } from "../viewer-brand";
import { FormError } from "../../ui/field";
import { useUnlockForm } from "./use-unlock-form";

/** Asked before the first page when the owner set an agreement: its text, or a link to it, and "I agree". */
export function AgreementForm({
  code,
  title,
  agreement,
  subject = "document",
}: {
  code: string;
  title: string;
  agreement: string;
  subject?: "document" | "room";
}) {
  const { submit, error, pending } = useUnlockForm(
    `/s/${code}/agree`,
    [],
    "Could not record your answer. Check your connection and try again.",
  );
  const isUrl = /^https:\/\/\S+$/i.test(agreement);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <form
        onSubmit={submit}
        data-testid="agreement"
        aria-labelledby="agreement-title"
        className="w-full max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <TeamLogo />
        <p className="text-xs font-semibold tracking-wide text-brand-ink uppercase">Before you read</p>
        <h1 id="agreement-title" className="mt-1 text-lg font-semibold break-words text-slate-900">
          {title}
        </h1>
        {isUrl ? (
          <p className="mt-2 text-sm text-slate-600">
            The person who shared this {subject} asks you to accept{" "}
            <a href={agreement} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-ink underline">
              this agreement
            </a>{" "}
            (opens in a new tab) before reading.
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600">
              The person who shared this {subject} asks you to accept this agreement before reading.
            </p>
            <div
              tabIndex={0}
              aria-label="Agreement"
              className="mt-4 max-h-[50vh] overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800"
            >
              {agreement}
            </div>
          </>
        )}
        <p className="mt-4 text-xs text-slate-500">Your acceptance is recorded with the time and your network address.</p>
        {error && (
          <div className="mt-3">
            <FormError message={error} />
          </div>
        )}
        <SubmitButton pending={pending} pendingLabel="Recording…" className="mt-4 w-full">
          I agree
        </SubmitButton>
        <PagewiseMark className="mt-5 text-center" />
      </form>
    </main>
  );
}
