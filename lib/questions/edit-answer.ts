import { db } from "../db/client";
import { notFound } from "../errors";
import type { TeamAccess } from "../teams/permissions";
import { now } from "../time";
import { findOwnedQuestion } from "./find-question";
import { serializeQuestion } from "./serialize-question";

/**
 * A new wording for an answer: the one it had is kept as a revision (with who wrote it and when),
 * in the transaction that changes it, so the history is never missing a step. The asker is not
 * emailed again; readers see the answer marked as edited.
 */
export async function editAnswer(access: TeamAccess, questionId: string, answerId: string, text: string) {
  await db.$transaction(async (tx) => {
    const [answer] = await tx.$queryRaw<Array<{ id: string; text: string; author_id: string | null; updated_at: Date }>>`
      SELECT a.id, a.text, a.author_id, a.updated_at FROM answers a JOIN questions q ON q.id = a.question_id
      WHERE a.id = ${answerId}::uuid AND q.id = ${questionId}::uuid AND q.team_id = ${access.teamId}::uuid FOR UPDATE OF a`;
    if (!answer) throw notFound("Answer");
    if (answer.text === text) return;
    await tx.answerRevision.create({
      data: { answerId: answer.id, text: answer.text, authorId: answer.author_id, writtenAt: answer.updated_at },
    });
    await tx.answer.update({ where: { id: answer.id }, data: { text, authorId: access.userId, updatedAt: now() } });
  });
  return serializeQuestion(await findOwnedQuestion(access.teamId, questionId));
}
