"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button } from "../ui/button";
import { FormError, Input, inputClass } from "../ui/field";
import type { ReaderGate } from "./viewer-props";

const OFFLINE = "Could not unlock the document. Check your connection and try again.";

type Answer = { ok: true; codeSentTo: string | null } | { ok: false; message: string };

/** Posts a gate step as JSON: passed (200), a code was sent (202), or the server's message. */
async function post(endpoint: string, body: Record<string, string>): Promise<Answer> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  const json = (await response?.json().catch(() => null)) as { email?: string; error?: { message?: string } } | null;
  if (response?.ok) return { ok: true, codeSentTo: response.status === 202 ? (json?.email ?? "") : null };
  return { ok: false, message: json?.error?.message ?? OFFLINE };
}

/**
 * The email gate: email (required) and name (optional); passing it unlocks the rest of the
 * document. When the document verifies emails, a second step asks for the code sent to the email.
 */
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
  const router = useRouter();
  const [reader, setReader] = useState<{ email: string; name: string } | null>(gate.codeSentTo);
  const [sentTo, setSentTo] = useState<string | null>(gate.codeSentTo?.email ?? null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  // The code step replaces the email step: the code field takes the focus it had.
  useEffect(() => {
    if (sentTo !== null) codeInput.current?.focus();
  }, [sentTo]);

  async function step(endpoint: string, body: Record<string, string>): Promise<Answer> {
    setPending(true);
    setError(null);
    setNotice(null);
    const answer = await post(endpoint, body);
    if (answer.ok && answer.codeSentTo === null) {
      router.refresh();
      return answer;
    }
    if (!answer.ok) setError(answer.message);
    setPending(false);
    return answer;
  }

  async function submitEmail(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const entered = { email: String(form.get("email") ?? ""), name: String(form.get("name") ?? "") };
    setReader(entered);
    const answer = await step(`/s/${code}/gate`, entered);
    if (answer.ok && answer.codeSentTo !== null) setSentTo(answer.codeSentTo || entered.email);
  }

  async function submitCode(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await step(`/s/${code}/verify`, { code: String(new FormData(event.currentTarget).get("code") ?? "") });
  }

  async function resend() {
    if (!reader) return;
    const answer = await step(`/s/${code}/gate`, reader);
    if (answer.ok)
      setNotice(
        gate.codesByEmail
          ? `We sent a new code to ${sentTo}. Earlier codes no longer work.`
          : `A new code for ${sentTo} went to the person who shared this document. Earlier codes no longer work.`,
      );
  }

  function changeEmail() {
    setSentTo(null);
    setError(null);
    setNotice(null);
  }

  const remaining = pageCount - gate.page + 1;
  // Alone on the page the gate's title is the page's heading; under the viewer's it is a section.
  const Heading = standalone ? "h1" : "h2";
  const heading = (
    <>
      <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">
        {standalone ? "Shared document" : `Page ${gate.page} of ${pageCount}`}
      </p>
      <Heading id="gate-title" className="mt-1 text-lg font-semibold text-slate-900">
        {standalone ? title : `Continue reading: ${remaining} more page${remaining === 1 ? "" : "s"}`}
      </Heading>
    </>
  );
  const formClass = "mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-md";

  if (sentTo !== null) {
    return (
      <form key="code-step" onSubmit={submitCode} data-testid="email-gate" aria-labelledby="gate-title" className={formClass}>
        {heading}
        {gate.codesByEmail ? (
          <p className="mt-1 text-sm text-slate-600">
            We sent a 6-digit code to <strong className="font-medium break-words text-slate-900">{sentTo}</strong>. Enter it to{" "}
            {standalone ? "open this document" : "read the rest"}.
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            This server cannot send email, so the 6-digit code for{" "}
            <strong className="font-medium break-words text-slate-900">{sentTo}</strong> went to the person who shared this document. Ask
            them for it, then enter it to {standalone ? "open this document" : "read the rest"}.
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
          <Button variant="ghost" size="sm" disabled={pending} onClick={resend}>
            Send a new code
          </Button>
          <Button variant="ghost" size="sm" disabled={pending} onClick={changeEmail}>
            Use another email
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form key="email-step" onSubmit={submitEmail} data-testid="email-gate" aria-labelledby="gate-title" className={formClass}>
      {heading}
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
        defaultValue={reader?.email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "gate-error" : undefined}
        className="mt-1"
      />
      {error && (
        <div className="mt-2">
          <FormError id="gate-error" message={error} />
        </div>
      )}
      <label htmlFor="gate-name" className="mt-4 block text-sm font-medium text-slate-700">
        Name <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <Input id="gate-name" name="name" type="text" autoComplete="name" maxLength={100} defaultValue={reader?.name} className="mt-1" />
      <Button type="submit" disabled={pending} className="mt-5 w-full">
        {pending ? "Unlocking…" : "Continue"}
      </Button>
    </form>
  );
}
