import { db } from "../db/client";
import { shareUrl } from "../documents/short-code";
import { enqueueOwnerEmail } from "../email/enqueue-owner-email";
import { recordEvent } from "../events/record-event";
import type { AnswerInput } from "../schemas/questions";
import type { TeamAccess } from "../teams/permissions";
import { now } from "../time";
import { answerEmail } from "./answer-email";
import { findOwnedQuestion } from "./find-question";
import { eventAnswer, eventQuestion, questionEventSubject } from "./question-events";
import { serializeQuestion } from "./serialize-question";

/**
 * A member's answer: stored with its author and visibility, `question.answered` recorded and the
 * asker's email queued, all in one transaction (the email queue sends it with SMTP, or keeps it in
 * the team owner's outbox without, as readers' codes are kept; the reader also sees it on their
 * next visit). Under the question's row lock, so two answers at once are both kept, in order.
 */
export async function answerQuestion(access: TeamAccess, id: string, input: AnswerInput) {
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM questions WHERE id = ${id}::uuid AND team_id = ${access.teamId}::uuid FOR UPDATE`;
    const question = await findOwnedQuestion(access.teamId, id, tx);
    const at = now();
    const answer = await tx.answer.create({
      data: {
        questionId: question.id,
        authorId: access.userId,
        text: input.text,
        visibility: input.visibility,
        createdAt: at,
        updatedAt: at,
      },
      include: { author: { select: { email: true } } },
    });
    const room = question.roomId ? await tx.room.findUnique({ where: { id: question.roomId } }) : null;
    const document = question.documentId ? await tx.document.findUnique({ where: { id: question.documentId } }) : null;
    const link = question.roomId ? null : await tx.link.findUnique({ where: { code: question.shareCode } });
    const subject = {
      document,
      link,
      room: room && { id: room.id, name: room.name, code: room.code },
      shareCode: question.shareCode,
    };
    const event = await recordEvent(tx, {
      teamId: access.teamId,
      documentId: question.documentId,
      type: "question.answered",
      data: {
        ...questionEventSubject(subject),
        question: eventQuestion(question),
        answer: eventAnswer(answer, answer.author?.email ?? null),
      },
      at,
    });
    const owner = await tx.teamMember.findFirstOrThrow({ where: { teamId: access.teamId, role: "owner" } });
    const about = document ? `"${document.title}"` : `the room "${room?.name ?? ""}"`;
    await enqueueOwnerEmail(tx, {
      userId: owner.userId,
      to: question.askerEmail,
      kind: "question_answered",
      eventId: event.id,
      ...answerEmail({ ...question, about }, answer.text, shareUrl(question.shareCode)),
    });
  });
  return serializeQuestion(await findOwnedQuestion(access.teamId, id));
}
