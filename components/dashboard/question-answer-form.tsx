"use client";

import { useActionState, useId } from "react";
import type { z } from "zod";
import { ActionForm } from "@/components/ui/action-form";
import { FormError, inputClass } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { answerQuestionAction, type QuestionState } from "@/lib/http/actions/question-actions";
import { MAX_ANSWER_LENGTH } from "@/lib/rules/questions";
import type { questionSchema } from "@/lib/schemas/questions";

type Question = z.input<typeof questionSchema>;

/** Who sees an answer, in the team's words. */
export const VISIBILITY = {
  asker: { label: "Only the asker", hint: "A private reply to the reader who asked" },
  group: { label: "The asker's group", hint: "Every reader of the room group they asked through" },
  room: { label: "Everyone in the room", hint: "Published to every reader who may see what it is about" },
} as const;

/** An answer to one question, and who sees it: the asker alone, their room group, or everyone who may see what it is about. */
export function AnswerForm({ question }: { question: Question }) {
  const [state, dispatch, pending] = useActionState<QuestionState, FormData>(answerQuestionAction.bind(null, question.id), {});
  const id = useId();
  return (
    <ActionForm dispatch={dispatch} state={state} clearOnOk className="space-y-3" aria-label="Answer">
      <div>
        <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium text-slate-700">
          Your answer
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={3}
          maxLength={MAX_ANSWER_LENGTH}
          aria-invalid={state.fieldErrors?.text ? true : undefined}
          className={`${inputClass} w-full`}
        />
        <FormError message={state.fieldErrors?.text} />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Who sees it</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {(Object.keys(VISIBILITY) as Array<keyof typeof VISIBILITY>).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-700" title={VISIBILITY[value].hint}>
              <input type="radio" name="visibility" value={value} defaultChecked={value === "asker"} />
              {VISIBILITY[value].label}
            </label>
          ))}
        </div>
        {!question.room && <p className="mt-1 text-xs text-slate-500">Outside a room, “Everyone” is every reader of the document.</p>}
      </fieldset>
      <div className="flex items-center gap-3">
        <SubmitButton pending={pending} pendingLabel="Sending…">
          Send answer
        </SubmitButton>
        {state.ok && (
          <p role="status" className="text-sm text-emerald-700">
            Answer sent. The asker gets it by email, or on their next visit when this server sends no email.
          </p>
        )}
        <FormError message={state.error} />
      </div>
    </ActionForm>
  );
}
