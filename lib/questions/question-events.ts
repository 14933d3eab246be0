import { eventDocument } from "../documents/serialize";
import type { Answer, Question } from "../generated/prisma/client";
import type { EventData } from "../schemas/events";
import type { QuestionSubject } from "./question-subject";

/** What both question events say about what was asked: the document (or none), the code opened, the room. */
export function questionEventSubject(subject: {
  document: QuestionSubject["document"];
  link: QuestionSubject["link"];
  room: { id: string; name: string; code: string } | null;
  shareCode: string;
}) {
  return {
    document: subject.document ? eventDocument(subject.document) : null,
    // As every reader's event names it: the link, else the document's own code (in a room too), else the room's code opened.
    link: { code: subject.link?.code ?? subject.document?.code ?? subject.shareCode, name: subject.link?.name ?? null },
    ...(subject.room && { room: { id: subject.room.id, name: subject.room.name, code: subject.room.code } }),
  };
}

export const eventQuestion = (question: Question): EventData<"question.asked">["question"] => ({
  id: question.id,
  text: question.text,
  page: question.page,
  asker_email: question.askerEmail,
  group_id: question.groupId,
  asked_at: question.createdAt.toISOString(),
});

export const eventAnswer = (answer: Answer, authorEmail: string | null): EventData<"question.answered">["answer"] => ({
  id: answer.id,
  text: answer.text,
  visibility: answer.visibility,
  author_email: authorEmail,
  answered_at: answer.createdAt.toISOString(),
});
