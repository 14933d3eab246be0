"use client";

import { useActionState, useEffect, useId, useState } from "react";
import type { z } from "zod";
import { ActionForm } from "@/components/ui/action-form";
import { Button } from "@/components/ui/button";
import { FormError, inputClass } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { SubmitButton } from "@/components/ui/submit-button";
import { editAnswerAction, type QuestionState } from "@/lib/http/actions/question-actions";
import { MAX_ANSWER_LENGTH } from "@/lib/rules/questions";
import type { answerSchema } from "@/lib/schemas/questions";
import { VISIBILITY } from "./question-answer-form";

type Answer = z.input<typeof answerSchema>;

/** One answer in the inbox: its text, who wrote it and for whom, its earlier wordings, and (for those who may) a way to reword it. */
export function QuestionAnswer({ questionId, answer, canEdit }: { questionId: string; answer: Answer; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="border-l-2 border-brand-600 pl-3 text-sm">
      {editing ? (
        <EditAnswerForm questionId={questionId} answer={answer} done={() => setEditing(false)} />
      ) : (
        <p className="whitespace-pre-wrap text-slate-800">{answer.text}</p>
      )}
      <p className="mt-1 flex flex-wrap items-center gap-x-1 text-xs text-slate-500">
        {answer.author?.name ?? answer.author?.email ?? "A former member"} · {VISIBILITY[answer.visibility].label} ·{" "}
        <LocalTime value={answer.created_at} />
        {canEdit && !editing && (
          <Button variant="ghost" size="sm" className="ml-1" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </p>
      {answer.revisions.length > 0 && (
        <details className="mt-1 text-xs text-slate-500">
          <summary className="cursor-pointer">
            Edited <LocalTime value={answer.updated_at} /> ·{" "}
            {answer.revisions.length === 1 ? "the earlier wording" : `${answer.revisions.length} earlier wordings`}
          </summary>
          <ol className="mt-1 space-y-1">
            {answer.revisions.map((revision) => (
              <li key={revision.written_at} className="whitespace-pre-wrap">
                <LocalTime value={revision.written_at} />: {revision.text}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}

function EditAnswerForm({ questionId, answer, done }: { questionId: string; answer: Answer; done: () => void }) {
  const [state, dispatch, pending] = useActionState<QuestionState, FormData>(editAnswerAction.bind(null, questionId, answer.id), {});
  const id = useId();
  useEffect(() => {
    if (state.ok) done();
  }, [state, done]);
  return (
    <ActionForm dispatch={dispatch} state={state} className="space-y-2" aria-label="Edit answer">
      <label htmlFor={`${id}-text`} className="sr-only">
        The answer&apos;s new wording
      </label>
      <textarea
        id={`${id}-text`}
        name="text"
        rows={3}
        defaultValue={answer.text}
        maxLength={MAX_ANSWER_LENGTH}
        autoFocus
        aria-invalid={state.fieldErrors?.text ? true : undefined}
        className={`${inputClass} w-full`}
      />
      <FormError message={state.fieldErrors?.text} />
      <p className="text-xs text-slate-500">
        The earlier wording is kept. The asker is not emailed again; readers see the answer as edited.
      </p>
      <div className="flex items-center gap-2">
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save answer
        </SubmitButton>
        <Button variant="secondary" onClick={done}>
          Cancel
        </Button>
        <FormError message={state.error} />
      </div>
    </ActionForm>
  );
}
