"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { answerQuestion } from "../../questions/answer-question";
import { editAnswer } from "../../questions/edit-answer";
import { updateQuestion } from "../../questions/update-question";
import { answerQuestionSchema, QUESTION_STATUSES, updateAnswerSchema } from "../../schemas/questions";
import { requireTeam } from "../require-team";
import { type FormProblems, formAction, formFields, formState, recordId } from "../server-action";

/** What a question's forms hear back: done, or why not. */
export type QuestionState = FormProblems & { ok?: boolean };

const answerer = requireTeam("documents.write");

/** The inbox's change of a question: an assignee ("none": nobody), or a new status. */
const questionChange = z.union([
  z.object({ assignee: z.union([z.literal("none"), z.uuid()]) }).transform(({ assignee }) => ({
    assignee_id: assignee === "none" ? null : assignee,
  })),
  z.object({ status: z.enum(QUESTION_STATUSES) }),
]);

export const answerQuestionAction = formAction(
  {
    session: answerer,
    args: z.tuple([recordId, formState<QuestionState>(), formFields(answerQuestionSchema)]),
    failure: (message) => `The answer was not sent: ${message}`,
  },
  async (team, id, _state, input): Promise<QuestionState> => {
    await answerQuestion(team, id, input);
    revalidatePath("/questions");
    return { ok: true };
  },
);

export const updateQuestionAction = formAction(
  {
    session: answerer,
    args: z.tuple([recordId, formState<QuestionState>(), formFields(questionChange)]),
    failure: (message) => `Nothing changed: ${message}`,
  },
  async (team, id, _state, change): Promise<QuestionState> => {
    await updateQuestion(team.teamId, id, change);
    revalidatePath("/questions");
    return { ok: true };
  },
);

export const editAnswerAction = formAction(
  {
    session: answerer,
    args: z.tuple([recordId, recordId, formState<QuestionState>(), formFields(updateAnswerSchema)]),
    failure: (message) => `The answer was not changed: ${message}`,
  },
  async (team, questionId, answerId, _state, { text }): Promise<QuestionState> => {
    await editAnswer(team, questionId, answerId, text);
    revalidatePath("/questions");
    return { ok: true };
  },
);
