import { db } from "../db/client";
import { ApiError, invalidInput } from "../errors";
import { recordEvent } from "../events/record-event";
import { askQuestionSchema } from "../schemas/questions";
import { now } from "../time";
import { countQuestion } from "./question-limits";
import { eventQuestion, questionEventSubject } from "./question-events";
import type { QuestionSubject } from "./question-subject";

/**
 * A reader's question, from the viewer (about the document, or the page they are on) or the room:
 * checked (400 naming the problem, nothing stored), counted against the daily limits, then stored
 * with `question.asked` in one transaction. A page past the document's end is refused, and a room
 * itself has no pages.
 */
export async function askQuestion(subject: QuestionSubject, email: string, input: unknown, address: string) {
  const parsed = askQuestionSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error, { code: "bad_request", wording: "sentence" });
  const { text, page } = parsed.data;
  const pages = subject.document?.pageCount ?? 0;
  if (page !== undefined && page > pages) {
    const message = pages ? `page must be from 1 to ${pages}` : "A room has no pages: leave page out";
    throw new ApiError("bad_request", message, { fields: { page: message } });
  }
  await countQuestion(subject.teamId, email, address);
  return db.$transaction(async (tx) => {
    const question = await tx.question.create({
      data: {
        teamId: subject.teamId,
        documentId: subject.document?.id ?? null,
        roomId: subject.room?.id ?? null,
        shareCode: subject.shareCode,
        groupId: subject.room?.groupId ?? null,
        page: page ?? null,
        text,
        askerEmail: email,
        createdAt: now(),
      },
    });
    await recordEvent(tx, {
      teamId: subject.teamId,
      documentId: question.documentId,
      type: "question.asked",
      data: { ...questionEventSubject(subject), question: eventQuestion(question) },
      at: question.createdAt,
    });
    return question;
  });
}
