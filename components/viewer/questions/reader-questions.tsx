"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { MAX_QUESTION_LENGTH } from "@/lib/rules/questions";
import type { ReaderQuestion } from "@/lib/schemas/questions";

type Status = { ok: boolean; text: string } | null;

/**
 * "Ask a question": a button that opens a panel with a short form (about the page the reader is
 * on, or the whole document; about the room on a room's page) and the reader's questions with
 * their answers and those published to them, fetched when the panel opens so a reply shows on the
 * next visit. Escape closes it and gives focus back to the button.
 */
export function ReaderQuestions({ path, page, about }: { path: string; page: number | null; about: string }) {
  const [open, setOpen] = useState(false);
  const [questions, setQuestions] = useState<ReaderQuestion[] | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [text, setText] = useState("");
  const [onPage, setOnPage] = useState(true);
  const [sending, setSending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const ids = { panel: useId(), text: useId(), hint: useId() };

  const load = useCallback(async () => {
    const response = await fetch(`/s/${path}/questions`, { cache: "no-store" });
    const body = (await response.json().catch(() => null)) as { questions?: ReaderQuestion[]; error?: { message: string } } | null;
    if (response.ok && body?.questions) setQuestions(body.questions);
    else setStatus({ ok: false, text: body?.error?.message ?? "Your questions could not be loaded. Try again." });
  }, [path]);

  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  function toggle() {
    if (!open) void load();
    setOpen(!open);
  }

  async function ask(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    setStatus(null);
    try {
      const response = await fetch(`/s/${path}/questions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text, ...(page !== null && onPage && { page }) }),
      });
      const body = (await response.json().catch(() => null)) as { error?: { message: string } } | null;
      if (!response.ok) {
        setStatus({ ok: false, text: body?.error?.message ?? "Your question was not sent. Try again." });
        return;
      }
      setText("");
      setStatus({ ok: true, text: "Sent. The answer appears here, and by email when the team answers." });
      await load();
    } finally {
      setSending(false);
    }
  }

  return (
    <div
      className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-2"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      {open && (
        <section
          id={ids.panel}
          aria-label="Questions"
          className="flex max-h-[70dvh] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <form onSubmit={ask} className="space-y-2 border-b border-slate-100 p-4">
            <label htmlFor={ids.text} className="block text-sm font-medium text-slate-900">
              Your question about {about}
            </label>
            <textarea
              id={ids.text}
              ref={field}
              required
              rows={3}
              maxLength={MAX_QUESTION_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-describedby={ids.hint}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
            />
            <p id={ids.hint} className="text-xs text-slate-500">
              The team sees your email with it. Up to {MAX_QUESTION_LENGTH.toLocaleString("en")} characters.
            </p>
            {page !== null && (
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" checked={onPage} onChange={(event) => setOnPage(event.target.checked)} />
                About page {page}
              </label>
            )}
            <div className="flex items-center justify-end gap-2">
              <button
                type="submit"
                disabled={sending || text.trim() === ""}
                className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-brand-contrast shadow-sm hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-50"
              >
                {sending ? "Sending…" : "Send question"}
              </button>
            </div>
            <p role="status" className={`text-sm ${status?.ok === false ? "text-red-700" : "text-emerald-700"}`}>
              {status?.text}
            </p>
          </form>
          <QuestionList questions={questions} />
        </section>
      )}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={ids.panel}
        onClick={toggle}
        className="rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-md ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        {open ? "Close questions" : "Ask a question"}
      </button>
    </div>
  );
}

function QuestionList({ questions }: { questions: ReaderQuestion[] | null }) {
  if (questions === null) return <p className="p-4 text-sm text-slate-500">Loading your questions…</p>;
  if (questions.length === 0) return <p className="p-4 text-sm text-slate-500">No questions yet.</p>;
  return (
    <ol aria-label="Questions and answers" className="divide-y divide-slate-100 overflow-y-auto">
      {questions.map((question) => (
        <li key={question.id} className="space-y-2 p-4 text-sm" data-testid="reader-question">
          <p className="text-xs text-slate-500">
            {question.mine ? "You asked" : "Asked by a reader"}
            {question.document && ` about ${question.document.title}`}
            {question.page !== null && `, page ${question.page}`}
          </p>
          <p className="whitespace-pre-wrap text-slate-900">{question.text}</p>
          {question.answers.length === 0 ? (
            <p className="text-xs text-slate-500">Not answered yet.</p>
          ) : (
            question.answers.map((answer) => (
              <blockquote key={answer.id} className="border-l-2 border-brand-600 pl-3 whitespace-pre-wrap text-slate-700">
                {answer.text}
                <footer className="mt-1 text-xs text-slate-500">
                  {answer.author ?? "The team"}
                  {answer.edited && " (edited)"}
                </footer>
              </blockquote>
            ))
          )}
        </li>
      ))}
    </ol>
  );
}
