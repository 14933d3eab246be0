"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { type GateAnswer, postGateStep } from "./post-gate-step";
import type { ReaderGate } from "../viewer-props";

/**
 * The email gate's steps: the email (and name) first; when the document verifies emails, then the
 * code sent for it, which can be sent again or given up for another email. Passing re-renders the
 * page with the rest of the document. `sentTo` is null on the email step.
 */
export function useEmailGate(code: string, gate: ReaderGate) {
  const router = useRouter();
  const [reader, setReader] = useState<{ email: string; name: string } | null>(gate.codeSentTo);
  const [sentTo, setSentTo] = useState<string | null>(gate.codeSentTo?.email ?? null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function step(endpoint: string, body: Record<string, string>): Promise<GateAnswer> {
    setPending(true);
    setError(null);
    setNotice(null);
    const answer = await postGateStep(endpoint, body);
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

  return { reader, sentTo, error, notice, pending, submitEmail, submitCode, resend, changeEmail };
}
