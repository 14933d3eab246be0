"use client";

import { GateCodeStep } from "./gate-code-step";
import { GateEmailStep } from "./gate-email-step";
import { useEmailGate } from "./use-email-gate";
import type { ReaderGate } from "../viewer-props";

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
  subject = "document",
}: {
  code: string;
  title: string;
  pageCount: number;
  gate: ReaderGate;
  standalone?: boolean;
  /** What the gate opens: one document, or a room of them. */
  subject?: "document" | "room";
}) {
  const steps = useEmailGate(code, gate);
  const shared = {
    heading: { standalone, title, page: gate.page, pageCount, subject },
    purpose: standalone ? `open this ${subject}` : "read the rest",
    error: steps.error,
    pending: steps.pending,
  };

  if (steps.sentTo !== null) {
    return (
      <GateCodeStep
        {...shared}
        sentTo={steps.sentTo}
        codesByEmail={gate.codesByEmail}
        notice={steps.notice}
        onSubmit={steps.submitCode}
        onResend={steps.resend}
        onChangeEmail={steps.changeEmail}
      />
    );
  }
  return <GateEmailStep {...shared} blockFreeEmails={gate.blockFreeEmails} reader={steps.reader} onSubmit={steps.submitEmail} />;
}
