"use client";

import { useActionState, useId } from "react";
import type { z } from "zod";
import { ActionForm } from "@/components/ui/action-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError, inputClass } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { SubmitButton } from "@/components/ui/submit-button";
import { type QuestionState, updateQuestionAction } from "@/lib/http/actions/question-actions";
import { plural } from "@/lib/plural";
import type { questionSchema } from "@/lib/schemas/questions";
import { QuestionAnswer } from "./question-answer";
import { AnswerForm } from "./question-answer-form";

type Question = z.input<typeof questionSchema>;
type Member = { id: string; label: string };

/** The inbox: each question with where it was asked, its answers, and (for those who may) assign, answer, close or reopen. */
export function QuestionsInbox({
  questions,
  members,
  total,
  canAnswer,
}: {
  questions: Question[];
  members: Member[];
  total: number;
  canAnswer: boolean;
}) {
  if (questions.length === 0) {
    return (
      <Card title="No questions here">
        <p className="max-w-prose text-sm text-slate-600">
          Readers who passed a document&apos;s or room&apos;s email gate can ask from the viewer. Their questions appear here, and in your
          digest emails.
        </p>
      </Card>
    );
  }
  return (
    <section aria-label="Questions" className="flex flex-col gap-4">
      <p className="text-sm text-slate-500">
        {plural(total, "question")}
        {total > questions.length && `, the newest ${questions.length} shown`}
      </p>
      <ol className="flex flex-col gap-4">
        {questions.map((question) => (
          <li key={question.id}>
            <QuestionCard question={question} members={members} canAnswer={canAnswer} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function where(question: Question): string {
  const parts = [question.document?.title, question.room && `room “${question.room.name}”`].filter(Boolean);
  const page = question.page === null ? "" : `, page ${question.page}`;
  return `${parts.join(" in ") || "a room"}${page}`;
}

function QuestionCard({ question, members, canAnswer }: { question: Question; members: Member[]; canAnswer: boolean }) {
  const closed = question.status === "closed";
  return (
    <article
      aria-labelledby={`question-${question.id}`}
      data-testid="inbox-question"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <p className="text-xs text-slate-500">
            {question.asker_email} about {where(question)} · <LocalTime value={question.created_at} />
          </p>
          <h2 id={`question-${question.id}`} className="mt-1 text-base font-medium whitespace-pre-wrap text-slate-900">
            {question.text}
          </h2>
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${closed ? "bg-slate-100 text-slate-600" : "bg-emerald-50 text-emerald-800"}`}
        >
          {closed ? "Closed" : "Open"}
        </span>
      </header>
      <div className="space-y-4 px-5 py-4">
        {question.answers.length > 0 && (
          <ol aria-label="Answers" className="space-y-3">
            {question.answers.map((answer) => (
              <li key={answer.id}>
                <QuestionAnswer questionId={question.id} answer={answer} canEdit={canAnswer} />
              </li>
            ))}
          </ol>
        )}
        {canAnswer ? (
          <>
            <AnswerForm question={question} />
            <div className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
              <AssignForm question={question} members={members} />
              <StatusForm question={question} />
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-500">
            {question.assignee ? `Assigned to ${question.assignee.name ?? question.assignee.email}.` : "Not assigned."}
          </p>
        )}
      </div>
    </article>
  );
}

function AssignForm({ question, members }: { question: Question; members: Member[] }) {
  const [state, dispatch, pending] = useActionState<QuestionState, FormData>(updateQuestionAction.bind(null, question.id), {});
  const id = useId();
  return (
    <ActionForm dispatch={dispatch} state={state} className="flex flex-wrap items-end gap-2" aria-label="Assign">
      <div>
        <label htmlFor={`${id}-assignee`} className="mb-1 block text-sm font-medium text-slate-700">
          Assigned to
        </label>
        <select id={`${id}-assignee`} name="assignee" defaultValue={question.assignee?.user_id ?? "none"} className={inputClass}>
          <option value="none">Nobody</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.label}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton pending={pending} pendingLabel="Assigning…" variant="secondary">
        Assign
      </SubmitButton>
      <FormError message={state.error} />
    </ActionForm>
  );
}

function StatusForm({ question }: { question: Question }) {
  const [state, dispatch, pending] = useActionState<QuestionState, FormData>(updateQuestionAction.bind(null, question.id), {});
  const closing = question.status === "open";
  return (
    <ActionForm dispatch={dispatch} state={state} className="ml-auto flex items-center gap-2">
      <input type="hidden" name="status" value={closing ? "closed" : "open"} />
      <Button type="submit" variant="secondary" disabled={pending}>
        {closing ? "Close question" : "Reopen question"}
      </Button>
      <FormError message={state.error} />
    </ActionForm>
  );
}
